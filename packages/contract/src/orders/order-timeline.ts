import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZOrderStatusCode } from './order-status';
import { ZOrderStatusRef } from './order';

/** One lifecycle step of an order: done (with when) or still pending. */
export const ZTimelineStep = z.object({
  status: ZOrderStatusRef,
  done: z.boolean(),
  /** The step the order is at now. */
  current: z.boolean(),
  /** ISO 8601 when it was reached; null while pending. */
  at: z.string().nullable(),
  /** The branch where it happened, when known. */
  place: z.string().nullable(),
});
export type TTimelineStep = z.infer<typeof ZTimelineStep>;

/**
 * Every action a parcel's history records (order_events.action). The customer's timeline and the staff's parcel
 * history each have a label for every one in kk, ru and en (a test walks this list), so no raw code is ever shown.
 */
export const ORDER_EVENT_ACTIONS = [
  'received',
  'claimed',
  'assigned',
  'disputed',
  'dispute_released',
  'dispatched',
  'flight_delayed',
  'arrived',
  'delivered',
  'corrected',
  'customs_held',
  'customs_released',
  'storage_extended',
] as const;
export type TOrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** One entry of the order's history (every status change and staff action). */
export const ZOrderHistoryEvent = z.object({
  action: z.string(),
  status: ZOrderStatusCode.nullable(),
  /** A plain sentence for events that need one (a correction: 'Weight corrected: 2.4 kg → 2.1 kg'), never staff's reason. */
  text: z.string().nullable().optional(),
  at: z.string(),
});
export type TOrderHistoryEvent = z.infer<typeof ZOrderHistoryEvent>;

/** GET orders/{id}/status/pending: the order's timeline. */
export const ZOrderTimeline = z.object({
  order: z.object({ id: z.number().int(), track_code: z.string(), name: z.string(), status: ZOrderStatusRef }),
  steps: z.array(ZTimelineStep),
  /** YYYY-MM-DD: when its flight is expected at the branch, while in transit on one. */
  expected_arrival: z.string().nullable(),
  history: z.array(ZOrderHistoryEvent),
});
export type TOrderTimeline = z.infer<typeof ZOrderTimeline>;
export const ZOrderTimelineResponse = ZData(ZOrderTimeline);
export type TOrderTimelineResponse = z.infer<typeof ZOrderTimelineResponse>;
