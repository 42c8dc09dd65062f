import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZTrackCode } from '../tracks/track-code';
import { ZOrderStatusRef } from './order';

/** Lookups per client address and minute of the public tracking (issue 37): enough for a person, not for a scan. */
export const PUBLIC_TRACKING_PER_MINUTE = 30;

/** GET tracking/{code}: a seller's tracking code or our parcel number (P…), without signing in. */
export const ZPublicTrackingParams = z.object({ code: ZTrackCode });

/**
 * Where a parcel is, for anyone holding its code: the status (id, code and name as the orders list gives it), its
 * dates, the branch it goes to and the expected arrival while in transit. Nothing personal: no owner, phone, client
 * code, parcel name, weight, price or photo. A code nobody received yet and a code that does not exist answer the same
 * (`found` false, everything else null), so the answer tells nothing about other customers' saved codes.
 */
export const ZPublicTracking = z.object({
  code: z.string(),
  found: z.boolean(),
  status: ZOrderStatusRef.nullable(),
  received_at: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  expected_arrival: z.string().nullable(),
  branch: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
});
export type TPublicTracking = z.infer<typeof ZPublicTracking>;
export const ZPublicTrackingResponse = ZData(ZPublicTracking);
export type TPublicTrackingResponse = z.infer<typeof ZPublicTrackingResponse>;
