import { z } from 'zod';
import { ZData } from '../common/envelope';

/**
 * GET orders/waiting: the caller's parcels waiting at a branch, at a glance ("3 parcels wait at Almaty — Tole Bi,
 * 8,316 ₸"): one row per branch and currency, the earliest last free day first, with the open debt in that currency. Not cached.
 */
export const ZWaitingAtBranch = z.object({
  branch_id: z.number().int().nullable(),
  branch: z.string(),
  count: z.number().int(),
  /** The prices of those parcels together, in minor units of `currency`. */
  total: z.number().int(),
  currency: z.string().nullable(),
  /**
   * The customer's open debt in `currency`, minor units (0 when none). Debt is per currency, not per branch: it is
   * carried by the first row of its currency only, so rows never count it twice.
   */
  debt: z.number().int(),
  /** Paid storage those parcels have accrued today in the branch's time zone (storageFeeOn), minor units (0 when none). */
  storage_fee: z.number().int(),
  /** The highest storage fee per day among them, minor units (0 = free storage). */
  storage_fee_per_day: z.number().int(),
  /** What to bring: total + storage_fee + debt, minor units. */
  to_pay: z.number().int(),
  /** The earliest last free storage day (YYYY-MM-DD) among them, or null when none is set. */
  storage_until: z.string().nullable(),
});
export type TWaitingAtBranch = z.infer<typeof ZWaitingAtBranch>;
export const ZWaitingResponse = ZData(z.array(ZWaitingAtBranch));
export type TWaitingResponse = z.infer<typeof ZWaitingResponse>;
