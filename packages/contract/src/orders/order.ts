import { z } from 'zod';
import { ZOrderStatusCode } from './order-status';
import { ZParcelWeights } from '../parcels/chargeable-weight';
import { ZParcelPhoto } from '../parcels/parcel-photos';
import { ZCustomsHold } from '../customs/customs-hold-view';

/** An order's status as the customer sees it: id, code and name in the request's language. */
export const ZOrderStatusRef = z.object({
  id: z.number().int(),
  code: ZOrderStatusCode,
  name: z.string(),
});
export type TOrderStatusRef = z.infer<typeof ZOrderStatusRef>;

export const ORDER_NAME_MAX_LENGTH = 100;

/**
 * A parcel's insurance once fixed at dispatch (ADR 090): the premium charged with it (major units of `currency`, the
 * branch's) and, where the page reads the declaration, the declared value it is insured for (null on cards).
 */
export const ZOrderInsurance = z.object({
  premium: z.number(),
  currency: z.string(),
  declared_value: z.number().nullable(),
  declared_currency: z.string().nullable(),
});
export type TOrderInsurance = z.infer<typeof ZOrderInsurance>;

/** A customer's parcel as lists and cards show it. */
export const ZOrder = z.object({
  id: z.number().int(),
  track_code: z.string(),
  /** The item name the customer gave it ('' when none). */
  name: z.string(),
  /** Kilograms (the actual weight). */
  weight: z.number(),
  /** Actual, volumetric and chargeable weight, and which one is charged (cards show the chargeable one beside money). */
  weights: ZParcelWeights,
  /** chargeable weight × the branch tariff; null until the parcel reaches its branch (at_branch). */
  price: z.number().nullable(),
  currency: z.string().nullable(),
  status: ZOrderStatusRef,
  /** Whole days from receipt at the China warehouse until arrival at the branch (or until now). */
  days_in_transit: z.number().int(),
  /** ISO 8601: received at the China warehouse. */
  received_at: z.string(),
  /** ISO 8601: reached the branch; null before. */
  arrived_at: z.string().nullable(),
  /** YYYY-MM-DD: when its flight is expected at the branch, while in transit on one; null otherwise. */
  expected_arrival: z.string().nullable(),
  /** YYYY-MM-DD: the last day of free storage at the branch; null before arrival. */
  storage_until: z.string().nullable(),
  /** The storage fee per day after `storage_until`, major units of `currency` (0 = free storage): set at arrival. */
  storage_fee_per_day: z.number(),
  /** Boxes it was received as under its one tracking code (1 for a single box). */
  boxes: z.number().int(),
  archived: z.boolean(),
  /** Held by customs (issue 36): the reason in the request's language and since when; null when not held. The status
   * stays what it is (in transit). */
  customs_hold: ZCustomsHold.nullable(),
  /** Insured: the premium fixed at dispatch, charged with the price; null when not insured (or not yet dispatched). */
  insurance: ZOrderInsurance.nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** One order with everything the info page shows. */
export const ZOrderDetails = ZOrder.extend({
  tariff: z.number().nullable(),
  branch: z.object({ id: z.number().int(), name: z.string(), address: z.string() }).nullable(),
  dispatched_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  /** The hand-over receipt, once delivered. */
  receipt_id: z.number().int().nullable(),
  /** Photos staff took (intake, damage, hand-over), oldest first, with short-lived signed addresses (ADR 081). */
  photos: z.array(ZParcelPhoto),
});
export type TOrderDetails = z.infer<typeof ZOrderDetails>;
