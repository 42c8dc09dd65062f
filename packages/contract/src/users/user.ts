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

/**
 * The signed-in user's own view: the public fields and their personal numbers for customs (issue 36, ADR 084), which
 * only they (and the admin's user page) see: Kazakhstan's IIN and Kyrgyzstan's personal number, null when not given.
 */
export const ZOwnUser = ZPublicUser.extend({ iin: z.string().nullable(), personal_number: z.string().nullable() });
export type TOwnUser = z.infer<typeof ZOwnUser>;

/** The signed-in user as auth calls answer it: their own view and notifications grouped by key. */
export const ZUser = ZOwnUser.extend({ notifications: ZNotificationGroups });
export type TUser = z.infer<typeof ZUser>;
