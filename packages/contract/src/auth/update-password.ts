import { z } from 'zod';
import { ZPassword } from '../common/fields';
import { newPasswordRule } from '../common/password-rule';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';
import { ZVerificationToken } from './verification-token';

/** POST auth/update-password: the forgot-password flow's last step. Ends every session of that user. */
export const ZUpdatePasswordRequest = z
  .strictObject({
    phone_number: ZPhone,
    verification_token: ZVerificationToken,
    password: ZPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .superRefine(newPasswordRule)
  .refine((v) => v.password === v.password_confirmation, {
    error: MSG.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type TUpdatePasswordRequest = z.input<typeof ZUpdatePasswordRequest>;
