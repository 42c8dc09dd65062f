import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZOrderStatusCode } from './order-status';

/** One status with the caller's number of (not archived) orders in it. */
export const ZOrderStatusWithCount = z.object({
  id: z.number().int(),
  code: ZOrderStatusCode,
  name: z.string(),
  position: z.number().int(),
  count: z.number().int(),
});
export type TOrderStatusWithCount = z.infer<typeof ZOrderStatusWithCount>;

/** GET orders/statuses: every status in lifecycle order, names in the request's language, the caller's counts. Not cached. */
export const ZOrderStatusesResponse = ZData(z.array(ZOrderStatusWithCount));
export type TOrderStatusesResponse = z.infer<typeof ZOrderStatusesResponse>;
