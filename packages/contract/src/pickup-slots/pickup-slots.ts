import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZWeekday } from '../branches/branch';
import { ZShelfRef } from '../shelves/place';

/**
 * Pickup slots (issue 37, ADR 092): a branch's capacity per slot by weekday; a customer books one slot to collect what
 * waits for them there; the branch prepares the parcels in shelf order; a booked customer with everything paid ahead
 * online is the fast lane (scan and go).
 */
export const PICKUP_SLOT_MINUTES = [15, 30] as const;
/** How far ahead a customer may book, days (today included), and how soon the nearest bookable slot starts. */
export const PICKUP_BOOKING_DAYS = 7;
export const PICKUP_LEAD_MINUTES = 30;
/** The reminder goes this long before the slot starts (once). */
export const PICKUP_REMINDER_MINUTES = 60;
export const PICKUP_MAX_CAPACITY = 500;

export const ZSlotRule = z.strictObject({
  day: ZWeekday,
  slot_minutes: z.union([z.literal(15), z.literal(30)], { error: MSG.invalidValue }),
  /** Customers one slot takes; 0 = no slots that day. */
  capacity: z.coerce
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(PICKUP_MAX_CAPACITY, { error: MSG.invalidValue }),
});
export type TSlotRule = z.infer<typeof ZSlotRule>;

/** PUT admin/branches/{id}/slot-rules: the whole week at once (a day left out has no slots). */
export const ZSlotRulesRequest = z.strictObject({
  rules: z
    .array(ZSlotRule, { error: MSG.required })
    .max(7, { error: MSG.invalidValue })
    .refine((rules) => new Set(rules.map((r) => r.day)).size === rules.length, { error: MSG.invalidValue }),
});
export type TSlotRulesRequest = z.input<typeof ZSlotRulesRequest>;
export const ZSlotRulesResponse = ZData(z.object({ branch_id: z.number().int(), rules: z.array(ZSlotRule) }));
export type TSlotRulesResponse = z.infer<typeof ZSlotRulesResponse>;
/**
 * PUT's answer: the rules, and how many bookings already made from now on the new rules would not take (their slot is
 * gone or holds more than its new capacity). They keep their time: the branch prepares for them.
 */
export const ZSlotRulesSavedResponse = ZData(
  z.object({ branch_id: z.number().int(), rules: z.array(ZSlotRule), kept_bookings: z.number().int().min(0) }),
);
export type TSlotRulesSavedResponse = z.infer<typeof ZSlotRulesSavedResponse>;

export const PICKUP_BOOKING_STATES = ['booked', 'cancelled', 'collected', 'missed'] as const;
export const ZPickupBookingState = z.enum(PICKUP_BOOKING_STATES);

export const ZPickupBooking = z.object({
  id: z.number().int(),
  branch: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  /** ISO moments. */
  slot_start: z.string(),
  slot_end: z.string(),
  state: ZPickupBookingState,
});
export type TPickupBooking = z.infer<typeof ZPickupBooking>;

export const ZPickupSlot = z.object({
  start: z.string(),
  end: z.string(),
  /** Places left (0 = full). */
  left: z.number().int(),
});
export type TPickupSlot = z.infer<typeof ZPickupSlot>;

/** GET pickup-slots: per branch where something waits for the caller, the bookable slots and their booking. */
export const ZPickupPlace = z.object({
  branch: z.object({ id: z.number().int(), name: z.string(), address: z.string(), time_zone: z.string() }),
  /** Parcels waiting there. */
  waiting: z.number().int(),
  booking: ZPickupBooking.nullable(),
  slots: z.array(ZPickupSlot),
});
export type TPickupPlace = z.infer<typeof ZPickupPlace>;
export const ZPickupPlacesResponse = ZData(z.array(ZPickupPlace));
export type TPickupPlacesResponse = z.infer<typeof ZPickupPlacesResponse>;

/** POST pickup-bookings. */
export const ZBookPickupRequest = z.strictObject({
  branch_id: ZId,
  slot_start: z.iso.datetime({ offset: true, error: MSG.invalidValue }),
});
export type TBookPickupRequest = z.input<typeof ZBookPickupRequest>;
export const ZPickupBookingResponse = ZData(ZPickupBooking);
export type TPickupBookingResponse = z.infer<typeof ZPickupBookingResponse>;

/**
 * The fast lane (one rule): a booked slot and nothing to take at the counter — no debt, no weight waiting for the
 * customer, and the credit paid ahead online covers the parcels' price and their paid storage.
 */
export function isFastLane(p: {
  booked: boolean;
  total_minor: number;
  storage_fee: number;
  debt: number;
  paid_online: number;
  weights_pending: number;
}): boolean {
  return p.booked && p.debt === 0 && p.weights_pending === 0 && p.paid_online >= p.total_minor + p.storage_fee;
}

/** The booking the hand-over look-up found for this customer here. */
export const ZHandoverBooking = z.object({
  id: z.number().int(),
  slot_start: z.string(),
  slot_end: z.string(),
  /** isFastLane: the counter only scans and hands over. */
  fast_lane: z.boolean(),
});
export type THandoverBooking = z.infer<typeof ZHandoverBooking>;

/** GET manage/pickup-slots: the prepared list of the branch's next booked slots. */
export const ZPreparedListQuery = z.object({ branch_id: ZId.optional() });
export type TPreparedListQuery = z.input<typeof ZPreparedListQuery>;
export const ZPreparedLine = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  shelf: ZShelfRef.nullable(),
  client_code: z.string(),
});
export const ZPreparedCustomer = z.object({
  booking_id: z.number().int(),
  customer: z.object({ id: z.number().int(), client_code: z.string(), name: z.string(), phone_number: z.string() }),
  parcels: z.number().int(),
  /** Everything paid ahead online (isFastLane). */
  prepaid: z.boolean(),
});
export const ZPreparedSlot = z.object({
  start: z.string(),
  end: z.string(),
  customers: z.array(ZPreparedCustomer),
  /** All the slot's parcels in walking order of their shelves (not shelved last). */
  lines: z.array(ZPreparedLine),
});
export type TPreparedSlot = z.infer<typeof ZPreparedSlot>;
export const ZPreparedListResponse = ZData(
  z.object({ branch: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }), slots: z.array(ZPreparedSlot) }),
);
export type TPreparedListResponse = z.infer<typeof ZPreparedListResponse>;
