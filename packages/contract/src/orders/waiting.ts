import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZOnlineProvider } from '../payments/online';

/**
 * GET orders/waiting: the caller's parcels waiting at a branch, at a glance ("3 parcels wait at Almaty — Tole Bi,
 * 8,316 ₸"): one row per branch and currency, the earliest last free day first, with the open debt in that currency. Not cached.
 */
export const ZWaitingAtBranch = z.object({
  branch_id: z.number().int().nullable(),
  branch: z.string(),
  count: z.number().int(),
  /** What those parcels cost together (each its price plus its insurance premium, parcelChargeMinor), minor units. */
  total: z.number().int(),
  /** The insurance premiums within `total`, minor units (0 when none is insured). */
  insurance: z.number().int(),
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
  /**
   * Credit paid ahead online in `currency` (ADR 077), minor units (0 when none); carried by the first row of its
   * currency like `debt` (a balance is either a debt or a credit, never both).
   */
  paid_online: z.number().int(),
  /** What to bring: max(total + storage_fee + debt − paid_online, 0), minor units (what the counter would charge now). */
  to_pay: z.number().int(),
  /** The providers this branch takes online payments through now (empty: pay at the counter only). */
  online_providers: z.array(ZOnlineProvider),
  /** The caller's open payment request at this branch (GET payments/requests/{id}), or null. */
  open_request_id: z.string().nullable(),
  /** The earliest last free storage day (YYYY-MM-DD) among them, or null when none is set. */
  storage_until: z.string().nullable(),
  /** The parcel whose last free day that is (the first to run out), where the customer may keep it longer; or null. */
  storage_until_order_id: z.number().int().nullable(),
});
export type TWaitingAtBranch = z.infer<typeof ZWaitingAtBranch>;
export const ZWaitingResponse = ZData(z.array(ZWaitingAtBranch));
export type TWaitingResponse = z.infer<typeof ZWaitingResponse>;
