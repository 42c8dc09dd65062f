import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay, ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';
import { MAX_AMOUNT_MINOR } from '../common/money';
import { ZPaymentInputs } from '../payments/payment';
import { DOOR_CODE_LENGTH, normalizePostcode } from './fee';

/**
 * Door delivery from the branch (issue 37, ADR 094): zones per branch (postcodes) priced base + per kg, the customer's
 * request, the branch's courier, the day's stops, a close with the SMS code (or a failed attempt with its reason).
 */
export const DOOR_DELIVERY_STATES = ['requested', 'assigned', 'out', 'delivered', 'failed', 'cancelled'] as const;
export const ZDoorDeliveryState = z.enum(DOOR_DELIVERY_STATES);
export type TDoorDeliveryState = z.infer<typeof ZDoorDeliveryState>;
/** Not final: at most one per parcel (a unique partial index). */
export const OPEN_DOOR_DELIVERY_STATES: readonly TDoorDeliveryState[] = ['requested', 'assigned', 'out'];

export const DOOR_FAIL_REASONS = ['not_home', 'no_answer', 'wrong_address', 'refused', 'other'] as const;
export const ZDoorFailReason = z.enum(DOOR_FAIL_REASONS, { error: MSG.invalidValue });
export type TDoorFailReason = z.infer<typeof ZDoorFailReason>;

const ZMinorPrice = z
  .number({ error: MSG.required })
  .int({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue });
const line = (max: number) => z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(max, { error: MSG.tooLong });
const ZPostcode = z
  .string({ error: MSG.required })
  .max(16, { error: MSG.tooLong })
  .transform((v) => normalizePostcode(v))
  .refine((v) => /^[0-9A-Z]{3,10}$/.test(v), { error: MSG.invalidValue });

// ── Zones (admin) ──
export const ZDeliveryZone = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  postcodes: z.array(z.string()),
  /** Minor units of the branch's currency. */
  base_price: z.number().int(),
  per_kg_price: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
});
export type TDeliveryZone = z.infer<typeof ZDeliveryZone>;
export const ZDeliveryZoneInput = z.strictObject({
  branch_id: ZId,
  name: line(80),
  postcodes: z.array(ZPostcode).min(1, { error: MSG.required }).max(500, { error: MSG.invalidValue }),
  base_price: ZMinorPrice,
  per_kg_price: ZMinorPrice,
  active: z.boolean().default(true),
});
export type TDeliveryZoneInput = z.input<typeof ZDeliveryZoneInput>;
export const ZDeliveryZoneResponse = ZData(ZDeliveryZone);
export const ZDeliveryZonesResponse = ZData(z.array(ZDeliveryZone));
export const ZDeliveryZonesQuery = z.strictObject({ branch_id: ZId.optional() });

// ── The customer ──
export const ZDoorAddress = z.strictObject({
  street: line(120),
  building: line(20),
  apartment: z.string().trim().max(20, { error: MSG.tooLong }).optional(),
  postcode: ZPostcode,
  note: z.string().trim().max(300, { error: MSG.tooLong }).optional(),
  /** The customer's own phone when left out. */
  phone: ZPhone.optional(),
});
export type TDoorAddress = z.input<typeof ZDoorAddress>;
/** POST door-deliveries/quote: the zone and the price for this parcel and postcode, nothing written. */
export const ZDoorQuoteRequest = z.strictObject({ order_id: ZId, postcode: ZPostcode });
export const ZDoorQuote = z.object({
  zone: z.object({ id: z.number().int(), name: z.string() }),
  chargeable_weight: z.number(),
  fee: z.number().int(),
  currency: z.string(),
});
export type TDoorQuote = z.infer<typeof ZDoorQuote>;
export const ZDoorQuoteResponse = ZData(ZDoorQuote);
/** POST door-deliveries: `fee` is the price the customer was shown (a changed zone price answers 409). */
export const ZRequestDoorDelivery = ZDoorAddress.extend({ order_id: ZId, fee: z.number().int().min(0).max(MAX_AMOUNT_MINOR) });
export type TRequestDoorDelivery = z.input<typeof ZRequestDoorDelivery>;

export const ZDoorAttempt = z.object({
  outcome: z.enum(['delivered', 'failed']),
  reason: ZDoorFailReason.nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export const ZDoorDelivery = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  track_code: z.string(),
  state: ZDoorDeliveryState,
  street: z.string(),
  building: z.string(),
  apartment: z.string().nullable(),
  postcode: z.string(),
  note: z.string().nullable(),
  phone: z.string(),
  zone_name: z.string(),
  fee: z.number().int(),
  currency: z.string(),
  courier_name: z.string().nullable(),
  date: z.string().nullable(),
  fail_reason: ZDoorFailReason.nullable(),
  receipt_id: z.number().int().nullable(),
  created_at: z.string(),
  attempts: z.array(ZDoorAttempt),
});
export type TDoorDelivery = z.infer<typeof ZDoorDelivery>;
export const ZDoorDeliveryResponse = ZData(ZDoorDelivery);
export const ZDoorDeliveryOrNullResponse = ZData(ZDoorDelivery.nullable());
export const ZDoorDeliveryParams = z.strictObject({ id: ZId });
export const ZDoorDeliveryOfOrderQuery = z.strictObject({ order_id: ZId });

// ── The branch and its courier ──
/** A stop as the branch and the courier see it: who, where, what to take. */
export const ZDoorStop = ZDoorDelivery.extend({
  customer_name: z.string(),
  client_code: z.string().nullable(),
  /** What the courier takes at the door (minor units): the parcel's charges + storage + the fee, less what was paid ahead. */
  to_collect: z.number().int(),
  shelf: z.string().nullable(),
  courier_user_id: z.number().int().nullable(),
});
export type TDoorStop = z.infer<typeof ZDoorStop>;
export const ZDoorStopsQuery = z.strictObject({
  branch_id: ZId.optional(),
  /** open: requested and assigned (the clerk's list, default); route: the caller's own stops of `date` (default today). */
  view: z.enum(['open', 'route']).optional(),
  date: ZCalendarDay.optional(),
});
export const ZDoorStopsResponse = ZData(z.array(ZDoorStop));
export type TDoorStopsResponse = z.infer<typeof ZDoorStopsResponse>;
export const ZDoorStopResponse = ZData(ZDoorStop);
export const ZCourier = z.object({ id: z.number().int(), name: z.string() });
export const ZCouriersResponse = ZData(z.array(ZCourier));
export type TCourier = z.infer<typeof ZCourier>;
export const ZAssignDoorDelivery = z.strictObject({ branch_id: ZId.optional(), courier_user_id: ZId, date: ZCalendarDay });
export const ZDoorStopAction = z.strictObject({ branch_id: ZId.optional() });
export const ZDeliverDoorStop = z.strictObject({
  branch_id: ZId.optional(),
  code: z
    .string({ error: MSG.required })
    .trim()
    .regex(new RegExp(`^\\d{${DOOR_CODE_LENGTH}}$`), { error: MSG.invalidValue }),
  payments: ZPaymentInputs.optional(),
});
export const ZFailDoorStop = z.strictObject({
  branch_id: ZId.optional(),
  reason: ZDoorFailReason,
  note: z.string().trim().max(300, { error: MSG.tooLong }).optional(),
});
