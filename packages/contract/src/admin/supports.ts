import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZCalendarDay, ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { ZRole } from '../users/user';
import { ZSupportCategory } from '../content/create-support';
import { ZSupportState, ZSupportThread } from '../content/support-thread';
import { ZAdminUserParcel } from './users';

/** GET admin/supports: newest first; by state, category, day range (inclusive, UTC days) and text (message, name, contact, thread). */
export const ZAdminSupportsQuery = ZPageQuery.extend({
  'filters[state]': ZSupportState.optional(),
  'filters[category]': ZSupportCategory.optional(),
  'filters[from]': ZCalendarDay.optional(),
  'filters[to]': ZCalendarDay.optional(),
  'filters[search]': z.string().trim().max(100, { error: MSG.tooLong }).optional(),
});
export type TAdminSupportsQuery = z.input<typeof ZAdminSupportsQuery>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

/** A request in the inbox. */
export const ZAdminSupportSummary = z.object({
  id: z.number().int(),
  category: ZSupportCategory,
  state: ZSupportState,
  message: z.string(),
  name: z.string().nullable(),
  contact: z.string(),
  /** The account that sent it (null for a request sent signed out). */
  customer: ZPerson.extend({ phone_number: z.string(), client_code: z.string() }).nullable(),
  assignee: ZPerson.nullable(),
  messages_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminSupportSummary = z.infer<typeof ZAdminSupportSummary>;
export const ZAdminSupportsResponse = ZPage(ZAdminSupportSummary);
export type TAdminSupportsResponse = z.infer<typeof ZAdminSupportsResponse>;

/** GET admin/supports/{id}: the thread beside the customer's account and latest parcels, and who it may be assigned to. */
export const ZAdminSupportDetail = z.object({
  request: ZSupportThread.extend({
    name: z.string().nullable(),
    contact: z.string(),
    language: z.string(),
    assignee: ZPerson.nullable(),
  }),
  customer: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone_number: z.string(),
      client_code: z.string(),
      branch_id: z.number().int().nullable(),
      blocked: z.boolean(),
      created_at: z.string(),
      parcels: z.array(ZAdminUserParcel),
      parcel_count: z.number().int(),
    })
    .nullable(),
  /** Staff and admins, for "assign to". */
  assignees: z.array(ZPerson.extend({ role: ZRole })),
});
export type TAdminSupportDetail = z.infer<typeof ZAdminSupportDetail>;
export const ZAdminSupportDetailResponse = ZData(ZAdminSupportDetail);
export type TAdminSupportDetailResponse = z.infer<typeof ZAdminSupportDetailResponse>;

/** POST admin/supports/{id}/assign: a staff member or admin, or null to take it off them. */
export const ZAdminSupportAssignRequest = z.strictObject({ user_id: ZId.nullable() });
export type TAdminSupportAssignRequest = z.input<typeof ZAdminSupportAssignRequest>;
