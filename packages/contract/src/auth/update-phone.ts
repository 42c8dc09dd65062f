import { z } from 'zod';
import { ZPhone } from '../common/phone';
import { ZVerificationToken } from './register';

/**
 * POST auth/user/update-phone: the new number, with the verification token of an
 * update_phone code sent to the current number → the updated user.
 */
export const ZUpdatePhoneRequest = z.strictObject({
  phone_number: ZPhone,
  verification_token: ZVerificationToken,
});
export type TUpdatePhoneRequest = z.input<typeof ZUpdatePhoneRequest>;
