import { z } from 'zod';
import { ZBirthDate, ZGender, ZId, ZRequiredText } from '../common/fields';
import { ZLang } from '../common/i18n';
import { ZIin, ZKgPersonalNumber } from '../customs/iin';

/**
 * POST auth/user/update: any subset of the personal data → the updated user. `iin` and `personal_number` (customs,
 * ADR 084): the number checked by its rule (422 with iin_invalid / personal_number_invalid), null clears it.
 */
export const ZUpdateUserRequest = z.strictObject({
  first_name: ZRequiredText().optional(),
  last_name: ZRequiredText().optional(),
  branch_id: ZId.optional(),
  gender: ZGender.optional(),
  date_of_birth: ZBirthDate.optional(),
  language: ZLang.optional(),
  iin: ZIin.nullable().optional(),
  personal_number: ZKgPersonalNumber.nullable().optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;
