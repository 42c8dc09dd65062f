import { z } from 'zod';
import { newPasswordRule, ZBirthDate, ZGender, ZId, ZPassword, ZRequiredText } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';

export const ZVerificationToken = z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.invalidValue });

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
