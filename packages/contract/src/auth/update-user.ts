import { z } from 'zod';
import { ZBirthDate, ZGender, ZId, ZRequiredText } from '../common/fields';
import { ZLang } from '../common/i18n';

/** POST auth/user/update: any subset of the personal data → the updated user. */
export const ZUpdateUserRequest = z.strictObject({
  first_name: ZRequiredText().optional(),
  last_name: ZRequiredText().optional(),
  branch_id: ZId.optional(),
  gender: ZGender.optional(),
  date_of_birth: ZBirthDate.optional(),
  language: ZLang.optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;
