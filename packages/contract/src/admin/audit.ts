import { z } from 'zod';
import { ZPage } from '../common/envelope';
import { ZCalendarDay } from '../common/fields';
import { ZPageQuery } from '../common/pagination';

/** One field a row changed, in the reader's words: its name, and the value before and after (null: not there). */
export const ZAuditChange = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type TAuditChange = z.infer<typeof ZAuditChange>;

/** One audit row: who (role and place at the time), what, on which target, values before and after, when, from where. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.string(),
  actor_place: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  /** Where the actor worked, in words (the branch's name, or the China warehouse). */
  actor_place_name: z.string().nullable(),
  /** The action's name in the reader's language (what the action filter also matches). */
  action_name: z.string(),
  /** The row as one sentence in the reader's language, money formatted once with its currency. */
  summary: z.string(),
  /** before → after as readable field changes (`before` and `after` stay for the raw view). */
  changes: z.array(ZAuditChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const ZOptionalFilter = (max = 100) => z.string().trim().max(max).optional();
const ZDay = ZCalendarDay.optional();

/**
 * GET admin/audit: newest first, filtered by actor (id or phone/name text), target, action (its code, or its name in
 * any language: what the page shows) and dates (inclusive, UTC days).
 */
export const ZAuditListQuery = ZPageQuery.extend({
  'filters[actor]': ZOptionalFilter(),
  'filters[target_type]': ZOptionalFilter(50),
  'filters[target_id]': ZOptionalFilter(50),
  'filters[action]': ZOptionalFilter(80),
  'filters[from]': ZDay,
  'filters[to]': ZDay,
});
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;
export const ZAuditListResponse = ZPage(ZAuditEntry);
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;
