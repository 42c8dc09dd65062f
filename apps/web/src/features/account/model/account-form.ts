import { z } from 'zod';
import { MSG, ZBirthDate, ZGender, ZRequiredText, type TUser } from '@portal/contract';

/** The personal data form, from the contract's field schemas (the select gives the branch as text). */
export const ZAccountForm = z.object({
  first_name: ZRequiredText(),
  last_name: ZRequiredText(),
  branch_id: z.string({ error: MSG.required }).regex(/^\d+$/, { error: MSG.required }),
  gender: ZGender,
  date_of_birth: ZBirthDate,
});
export type TAccountForm = z.input<typeof ZAccountForm>;
export const ACCOUNT_FIELDS = ['first_name', 'last_name', 'branch_id', 'gender', 'date_of_birth'] as const;

export function accountDefaults(user: TUser | null): Partial<TAccountForm> {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    branch_id: user?.branch_id ? String(user.branch_id) : '',
    gender: user?.gender ?? undefined,
    date_of_birth: user?.date_of_birth ?? '',
  };
}

export function initials(user: Pick<TUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name.trim()[0] ?? ''}${user.last_name.trim()[0] ?? ''}`.toUpperCase() || '?';
}
