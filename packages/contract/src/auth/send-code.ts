import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZPhone } from '../common/phone';

export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

/** POST auth/send-code (registration) and auth/send-code/forgot (password reset). */
export const ZSendCodeRequest = z.strictObject({ phone_number: ZPhone });
export type TSendCodeRequest = z.input<typeof ZSendCodeRequest>;

/** POST auth/send-code/update-phone: sends to the signed-in user's current number; no body needed. */
export const ZSendUpdatePhoneCodeRequest = z.strictObject({}).optional();

export const ZSendCodeResponse = ZData(
  z.object({
    message: z.string(),
    /** Seconds before another code may be requested. */
    resend_after: z.number().int(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
    /** The number the code went to, masked (for update-phone, where the client does not send it). */
    phone_hint: z.string().optional(),
  }),
);
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;
