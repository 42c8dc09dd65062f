import { z } from 'zod';
import { ZBirthDate, ZGender, ZId, ZPassword, ZRequiredText } from '../common/fields';
import { newPasswordRule } from '../common/password-rule';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';
import { ZVerificationToken } from './verification-token';

// ZVerificationToken lives in verification-token.ts: the phone change's schemas take it without this module, whose
// password rule carries a strength estimator (the browser must not load it with the phone-change page).
export { ZVerificationToken } from './verification-token';

/** POST auth/register → ZSessionResponse. */
export const ZRegisterRequest = z
  .strictObject({
    phone_number: ZPhone,
    verification_token: ZVerificationToken,
    password: ZPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
    first_name: ZRequiredText(),
    last_name: ZRequiredText(),
    branch_id: ZId.refine(Boolean, { error: MSG.required }),
    gender: ZGender,
    date_of_birth: ZBirthDate,
  })
  .superRefine(newPasswordRule)
  .refine((v) => v.password === v.password_confirmation, {
    error: MSG.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
