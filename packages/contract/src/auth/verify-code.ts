import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCode } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';

export const CODE_PURPOSES = ['register', 'forgot', 'update_phone'] as const;
export const ZCodePurpose = z.enum(CODE_PURPOSES, { error: MSG.invalidValue });
export type TCodePurpose = z.infer<typeof ZCodePurpose>;
/**
 * Every purpose a code is sent for. `new_phone` (the code to the new number of a phone change) is
 * never exchanged through auth/verify-code: auth/user/update-phone checks it itself; nor is `delete_account` (the code to
 * the current number before an account is deleted): auth/user/delete checks it itself.
 */
export type TSentCodePurpose = TCodePurpose | 'new_phone' | 'delete_account';

export const VERIFICATION_TOKEN_TTL_SECONDS = 15 * 60;

/** POST auth/verify-code → a single-use verification token bound to that phone and type. */
export const ZVerifyCodeRequest = z.strictObject({
  phone_number: ZPhone,
  code: ZCode,
  type: ZCodePurpose,
});
export type TVerifyCodeRequest = z.input<typeof ZVerifyCodeRequest>;
export const ZVerifyCodeResponse = ZData(z.object({ verification_token: z.string(), expires_in: z.number().int() }));
export type TVerifyCodeResponse = z.infer<typeof ZVerifyCodeResponse>;
