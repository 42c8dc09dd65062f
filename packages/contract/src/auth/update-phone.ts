import { z } from 'zod';
import { ZCode } from '../common/fields';
import { ZPhone } from '../common/phone';
import { ZVerificationToken } from './verification-token';

/**
 * POST auth/send-code/new-phone: once the current number is proven (the update_phone verification
 * token, not spent here), a code goes to the new number. Refused when the new number is the current
 * one (`phone_same`) or another account's (`phone_taken`).
 */
export const ZSendNewPhoneCodeRequest = z.strictObject({
  phone_number: ZPhone,
  verification_token: ZVerificationToken,
});
export type TSendNewPhoneCodeRequest = z.input<typeof ZSendNewPhoneCodeRequest>;

/**
 * POST auth/user/update-phone: the new number, the verification token of the code sent to the
 * current number, and the code sent to the new number → the updated user. Nothing is saved unless
 * both numbers are proven, so a typo cannot lock the customer out and nobody takes a number they
 * do not hold.
 */
export const ZUpdatePhoneRequest = z.strictObject({
  phone_number: ZPhone,
  verification_token: ZVerificationToken,
  code: ZCode,
});
export type TUpdatePhoneRequest = z.input<typeof ZUpdatePhoneRequest>;
