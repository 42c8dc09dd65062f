import { z } from 'zod';
import { MSG, ZBirthDate, ZGender, ZPassword, ZRequiredText } from '@portal/contract';

/** The registration form: the contract's field schemas; the phone and verification token come from the flow. */
export const ZRegisterForm = z
  .object({
    first_name: ZRequiredText(),
    last_name: ZRequiredText(),
    branch_id: z.string({ error: MSG.required }).regex(/^\d+$/, { error: MSG.required }),
    gender: ZGender,
    date_of_birth: ZBirthDate,
    password: ZPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.password_confirmation, { error: MSG.passwordsMustMatch, path: ['password_confirmation'] });
export type TRegisterForm = z.input<typeof ZRegisterForm>;
export type TRegisterFormOut = z.output<typeof ZRegisterForm>;
export const REGISTER_FIELDS = [
  'first_name',
  'last_name',
  'branch_id',
  'gender',
  'date_of_birth',
  'password',
  'password_confirmation',
] as const;

/** The forgot-password form's last step. */
export const ZNewPasswordForm = z
  .object({
    password: ZPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.password === v.password_confirmation, { error: MSG.passwordsMustMatch, path: ['password_confirmation'] });
export type TNewPasswordForm = z.input<typeof ZNewPasswordForm>;
