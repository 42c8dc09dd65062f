import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPaymentMethod } from '../orders/order-status';
import { ZBalance } from '../payments/payment';
import { ZOnlinePaymentSummary } from '../payments/online';
import { ZPickLine } from '../shelves/place';
import { ZTrustedCollector } from '../trusted/trusted';
import { ZWeightCheck } from '../weights/weight-checks';
import { ZHandoverBooking } from '../pickup-slots/pickup-slots';
import { ZBranchRef, ZCustomerSummary, ZManageParcel } from './manage-common';

/**
 * POST manage/handover/lookup: who is picking up, and what waits for them here.
 * `customer` is what staff scanned or typed: the customer's QR code (ORDA1.…), client code or phone number.
 * Admins name the branch; branch staff always work at their own.
 */
export const ZHandoverLookupRequest = z.strictObject({
  customer: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(1024, { error: MSG.tooLong }),
  branch_id: ZId.optional(),
});
export type THandoverLookupRequest = z.input<typeof ZHandoverLookupRequest>;

/** One parcel's paid storage at the counter: days after its free ones, the fee per day and their product (minor units). */
export const ZStorageLine = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  storage_until: z.string(),
  days: z.number().int(),
  per_day: z.number().int(),
  fee: z.number().int(),
});
export type TStorageLine = z.infer<typeof ZStorageLine>;

export const ZHandoverLookup = z.object({
  customer: ZCustomerSummary,
  /** With the methods its counter takes (offer only these) and its storage fee per day (major units; 0 = free). */
  branch: ZBranchRef.extend({
    tariff: z.number(),
    currency: z.string(),
    payment_methods: z.array(ZPaymentMethod),
    storage_fee_per_day: z.number(),
  }),
  /** at_branch parcels at this branch, oldest first, with weight and price. */
  parcels: z.array(ZManageParcel),
  /** The same parcels in shelf order (zone, rack, shelf) so the clerk walks once; not shelved ones last (ADR 083). */
  pick_list: z.array(ZPickLine),
  total_weight: z.number(),
  total: z.number(),
  currency: z.string(),
  /** The same total in minor units (what payments add up to). */
  total_minor: z.number().int(),
  /**
   * Paid storage of these parcels today (the contract's storageFeeOn, in the branch's time zone): one line per parcel
   * past its free days with a fee, minor units. Charged at hand-over on top of `total_minor` unless staff waive it.
   */
  storage: z.array(ZStorageLine),
  /** The storage lines together, minor units (0 when none). */
  storage_fee: z.number().int(),
  /** The customer's open debt in this branch's currency, minor units (0 when none): shown first, payable now. */
  debt: z.number().int(),
  /** Credit paid ahead online in this branch's currency, minor units (0 when none): the hand-over takes it first. */
  paid_online: z.number().int(),
  /** The online payments that credit is made of, newest first (the counter says "paid online"). */
  online_payments: z.array(ZOnlinePaymentSummary),
  /** Balances in other currencies (debts from branches in other countries), for information. */
  other_balances: z.array(ZBalance),
  /** The customer's parcels waiting at other branches (so staff can tell them where to go). */
  elsewhere: z.array(z.object({ branch: ZBranchRef, count: z.number().int() })),
  /**
   * "Weight to confirm" (ADR 089): these parcels were weighed heavier at the branch and wait for the customer's
   * decision; the counter takes no money for them (the hand-over refuses them with weight_unconfirmed).
   */
  weight_checks: z.array(ZWeightCheck).optional(),
  /** A trusted person's QR code was scanned (ADR 091): who collects for whom; `parcels` are only the granted ones. */
  trusted: ZTrustedCollector.optional(),
  /** The customer's booked pickup slot here (ADR 092), with the fast-lane verdict; null when none. */
  pickup_booking: ZHandoverBooking.nullable().optional(),
});
export type THandoverLookup = z.infer<typeof ZHandoverLookup>;
export const ZHandoverLookupResponse = ZData(ZHandoverLookup);
export type THandoverLookupResponse = z.infer<typeof ZHandoverLookupResponse>;
