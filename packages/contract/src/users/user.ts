import { z } from 'zod';
import { GENDERS } from '../common/fields';
import { LANGUAGES } from '../common/i18n';
import { ZNotificationGroups } from '../notifications/notification';

export const ROLES = ['customer', 'staff', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Where a staff member works: the China warehouse or one branch. */
export const STAFF_PLACES = ['china_warehouse', 'branch'] as const;
export const ZStaffPlace = z.object({
  kind: z.enum(STAFF_PLACES),
  branch_id: z.number().int().nullable(),
});
export type TStaffPlace = z.infer<typeof ZStaffPlace>;

export const ZPublicUser = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  branch_id: z.number().int().nullable(),
  gender: z.enum(GENDERS).nullable(),
  date_of_birth: z.string().nullable(),
  client_code: z.string(),
  role: ZRole,
  language: z.enum(LANGUAGES),
  place: ZStaffPlace.nullable(),
  created_at: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** The signed-in user as auth calls answer it: the public fields and notifications grouped by key. */
export const ZUser = ZPublicUser.extend({ notifications: ZNotificationGroups });
export type TUser = z.infer<typeof ZUser>;
