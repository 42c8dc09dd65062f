import { z } from 'zod';

/**
 * What GET notifications/stream (Server-Sent Events) says to the signed-in customer's open pages. Each event names
 * what changed; the page reloads that through its usual GET (the event is a hint, never the data itself):
 * - `changed`: the customer's notifications (reload the user: the badge and the list);
 * - `payment`: one of the customer's payment requests (ADR 077) changed status or was refunded (reload it).
 */
export const LIVE_EVENT_TYPES = ['changed', 'payment'] as const;
export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The `data:` of a `payment` event. */
export const ZLivePaymentEvent = z.object({ request_id: z.string() });
export type TLivePaymentEvent = z.infer<typeof ZLivePaymentEvent>;

export type TLiveEvent = { type: 'changed' } | { type: 'payment'; data: TLivePaymentEvent };
