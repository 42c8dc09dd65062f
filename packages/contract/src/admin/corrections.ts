import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { MAX_AMOUNT_MINOR } from '../common/money';
import { ZManageParcel } from '../manage/manage-common';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZDimensionsCm } from '../parcels/chargeable-weight';
import { ZWeightKg } from '../parcels/weight';

/**
 * POST admin/parcels/{id}/corrections: an admin corrects a parcel, always with a reason.
 * - weight / dimensions: the volumetric and chargeable weight follow (with the divisor kept on the parcel), and the
 *   price too when the parcel is priced (it has arrived at a branch), by the arrival rule (chargeable-weight.ts);
 * - price: sets the price of a priced parcel directly (minor units, like every amount);
 * - status: one step along NEXT_STATUS, forward or back (back from delivered is undo_handover);
 * - undo_handover: the hand-over the parcel was part of is undone (its parcels wait at the branch again, its charge is
 *   reversed and its payments are returned to the customer, ADR 062).
 * `updated_at` is the parcel's, as last read: when it changed since, the correction is a 409 stale_write.
 */
export const CORRECTION_KINDS = ['weight', 'dimensions', 'price', 'status', 'undo_handover'] as const;
export const ZCorrectionKind = z.enum(CORRECTION_KINDS);
export type TCorrectionKind = z.infer<typeof ZCorrectionKind>;

/** Why: required, trimmed, 3–500 characters; staff read it in the parcel's history, customers never. */
export const CORRECTION_REASON_MIN = 3;
export const CORRECTION_REASON_MAX = 500;
export const ZCorrectionReason = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .min(CORRECTION_REASON_MIN, { error: MSG.messageTooShort })
  .max(CORRECTION_REASON_MAX, { error: MSG.tooLong });

/** The parcel's updated_at as last read (ISO 8601). */
export const ZCorrectionVersion = z
  .string({ error: MSG.required })
  .max(40, { error: MSG.invalidValue })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: MSG.invalidValue });

/** A price as admins set it: minor units, zero allowed (a parcel given for free). */
export const ZPriceMinor = z
  .number({ error: MSG.required })
  .int({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue });

const common = { reason: ZCorrectionReason, updated_at: ZCorrectionVersion };

export const ZParcelCorrectionRequest = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('weight'), weight: ZWeightKg, ...common }),
    /** null removes recorded dimensions (the parcel is then charged by its actual weight). */
    z.strictObject({ kind: z.literal('dimensions'), dimensions: ZDimensionsCm.nullable(), ...common }),
    z.strictObject({ kind: z.literal('price'), amount: ZPriceMinor, ...common }),
    z.strictObject({ kind: z.literal('status'), status: ZOrderStatusCode, ...common }),
    z.strictObject({ kind: z.literal('undo_handover'), ...common }),
  ],
  { error: MSG.invalidValue },
);
export type TParcelCorrectionRequest = z.input<typeof ZParcelCorrectionRequest>;
export type TParcelCorrection = z.output<typeof ZParcelCorrectionRequest>;

/** The corrected parcel as staff see it, and every parcel the correction moved (an undone hand-over moves its receipt's). */
export const ZParcelCorrectionResult = z.object({
  parcel: ZManageParcel,
  order_ids: z.array(z.number().int()),
  /** undo_handover: the receipt that was undone, with what its money side reversed (minor units). */
  undone_receipt: z
    .object({ id: z.number().int(), charge_reversed: z.number().int(), payments_returned: z.number().int(), currency: z.string() })
    .nullable(),
});
export type TParcelCorrectionResult = z.infer<typeof ZParcelCorrectionResult>;
export const ZParcelCorrectionResponse = ZData(ZParcelCorrectionResult);
export type TParcelCorrectionResponse = z.infer<typeof ZParcelCorrectionResponse>;
