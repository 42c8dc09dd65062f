import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId, ZIdParam } from '../common/fields';
import { ZI18nText, ZLang } from '../common/i18n';
import { ZPageQuery } from '../common/pagination';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZI18nInput } from './content';

/**
 * Broadcasts: an admin's message to all customers or a segment (branch, parcel status, language), written in
 * kk, ru and en (each customer reads their current language). Sending waits BROADCAST_DELAY_SECONDS, during
 * which it can be cancelled; then it fans out in batches through the notification queue (as a `news` event, so
 * the customer's news preferences decide the channels).
 */
export const BROADCAST_DELAY_SECONDS = 60;
export const BROADCAST_LIMITS = { title: 120, body: 1000 } as const;

/** Who gets it: every customer, narrowed by any of branch, a parcel status they have now, and language. */
export const ZBroadcastSegment = z.strictObject({
  branch_id: ZId.nullable().default(null),
  /** Customers with at least one (not archived) parcel in this status. */
  status: ZOrderStatusCode.nullable().default(null),
  language: ZLang.nullable().default(null),
});
export type TBroadcastSegment = z.input<typeof ZBroadcastSegment>;

export const ZBroadcastTexts = z.strictObject({
  title: ZI18nInput(BROADCAST_LIMITS.title),
  body: ZI18nInput(BROADCAST_LIMITS.body),
});

/** POST admin/broadcasts/count: how many customers the segment reaches now. */
export const ZBroadcastCountRequest = z.strictObject({ segment: ZBroadcastSegment });
export const ZBroadcastCountResponse = ZData(z.object({ recipients: z.number().int() }));
export type TBroadcastCountResponse = z.infer<typeof ZBroadcastCountResponse>;

/** POST admin/broadcasts/test: the message to the admin alone, now (in their language). */
export const ZBroadcastTestRequest = ZBroadcastTexts;
export type TBroadcastTestRequest = z.input<typeof ZBroadcastTestRequest>;

/** POST admin/broadcasts: schedules the message BROADCAST_DELAY_SECONDS from now. */
export const ZBroadcastCreateRequest = ZBroadcastTexts.extend({ segment: ZBroadcastSegment });
export type TBroadcastCreateRequest = z.input<typeof ZBroadcastCreateRequest>;

/** scheduled (cancellable until send_at) → sending (batches going out) → sent; or cancelled. */
export const BROADCAST_STATES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export const ZBroadcastState = z.enum(BROADCAST_STATES);
export type TBroadcastState = z.infer<typeof ZBroadcastState>;

export const ZBroadcast = z.object({
  id: z.number().int(),
  title: ZI18nText,
  body: ZI18nText,
  segment: z.object({ branch_id: z.number().int().nullable(), status: ZOrderStatusCode.nullable(), language: ZLang.nullable() }),
  state: ZBroadcastState,
  /** ISO 8601: when it goes (or went) out. */
  send_at: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  /** Customers counted when it was created, then those it was sent to. */
  recipients: z.number().int(),
  /** Recipients the fan-out has reached so far (their notification is written). */
  progress: z.number().int(),
  /** Messages on the delivery channels (SMS, Telegram, push): sent (or delivered), failed, still queued. */
  sent: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

export const ZBroadcastsQuery = ZPageQuery.extend({ 'filters[state]': ZBroadcastState.optional() });
export type TBroadcastsQuery = z.input<typeof ZBroadcastsQuery>;
export const ZBroadcastsResponse = ZPage(ZBroadcast);
export type TBroadcastsResponse = z.infer<typeof ZBroadcastsResponse>;
export const ZBroadcastResponse = ZData(ZBroadcast);
export type TBroadcastResponse = z.infer<typeof ZBroadcastResponse>;
export const ZBroadcastParams = ZIdParam;
