import { z } from 'zod';
import { PAYMENT_REQUEST_STATUSES } from '../payments/request-statuses';

/**
 * What GET notifications/stream (Server-Sent Events) says to the signed-in customer's open pages. Each event names
 * what changed; the page reloads that through its usual GET:
 * - `changed`: the customer's notifications (reload the user: the badge and the list);
 * - `payment`: one of the customer's payment requests (ADR 077) changed status or was refunded (reload it). It carries
 *   the status the change left when the sender knows it (`paid` from a settlement), so the pay page shows it at once,
 *   before its read of the whole request (the receipt's number, the refunds) returns.
 */
export const LIVE_EVENT_TYPES = ['changed', 'payment'] as const;
export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The `data:` of a `payment` event. */
export const ZLivePaymentEvent = z.object({ request_id: z.string(), status: z.enum(PAYMENT_REQUEST_STATUSES).optional() });
export type TLivePaymentEvent = z.infer<typeof ZLivePaymentEvent>;

export type TLiveEvent = { type: 'changed' } | { type: 'payment'; data: TLivePaymentEvent };
