import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZWeightKg } from '../parcels/weight';
import { WEIGHT_DISPUTE_REASON_LENGTH, WEIGHT_TOLERANCE_LIMITS } from './weight-variance';

/**
 * A parcel's weighing at its branch and what came of it (ADR 089): within the tolerance; lighter (repriced by itself);
 * pending (heavier: the customer confirms the new price or disputes, and paying waits); confirmed; disputed (the
 * parcel keeps its China price and the dispute becomes a claim).
 */
export const WEIGHT_CHECK_STATES = ['within', 'lighter', 'pending', 'confirmed', 'disputed'] as const;
export const ZWeightCheckState = z.enum(WEIGHT_CHECK_STATES);
export type TWeightCheckState = z.infer<typeof ZWeightCheckState>;

export const ZWeightCheck = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  track_code: z.string(),
  name: z.string(),
  state: ZWeightCheckState,
  /** kg. */
  china_weight: z.number(),
  branch_weight: z.number(),
  /** The allowed difference that was applied, grams. */
  allowed_grams: z.number().int(),
  /** Major units, as the parcel's price is shown: at the China weight and at the branch weight. */
  china_price: z.number(),
  branch_price: z.number(),
  currency: z.string(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  weighed_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who decided: the customer themselves, or the clerk recording the customer's word at the counter. */
  decided_via: z.enum(['customer', 'counter']).nullable(),
  dispute_reason: z.string().nullable(),
  claim_id: z.number().int().nullable(),
});
export type TWeightCheck = z.infer<typeof ZWeightCheck>;

/** GET weight-checks: the caller's checks waiting for their decision, oldest first. */
export const ZWeightChecksResponse = ZData(z.array(ZWeightCheck));
export type TWeightChecksResponse = z.infer<typeof ZWeightChecksResponse>;
export const ZWeightCheckResponse = ZData(ZWeightCheck);
export type TWeightCheckResponse = z.infer<typeof ZWeightCheckResponse>;

/** POST weight-checks/{id}/dispute. */
export const ZWeightDisputeRequest = z.strictObject({
  reason: z
    .string({ error: MSG.required })
    .trim()
    .min(WEIGHT_DISPUTE_REASON_LENGTH.min, { error: MSG.required })
    .max(WEIGHT_DISPUTE_REASON_LENGTH.max, { error: MSG.tooLong }),
});
export type TWeightDisputeRequest = z.input<typeof ZWeightDisputeRequest>;

/** POST manage/parcels/{id}/branch-weight: the weight on the branch's scale (kg, as receipt takes it). */
export const ZBranchWeightRequest = z.strictObject({ weight: ZWeightKg, branch_id: ZId.optional() });
export type TBranchWeightRequest = z.input<typeof ZBranchWeightRequest>;

/** POST manage/weight-checks/{id}/counter-confirm: the clerk records "the customer confirmed at the counter". */
export const ZCounterConfirmRequest = z.strictObject({ branch_id: ZId.optional() });
export type TCounterConfirmRequest = z.input<typeof ZCounterConfirmRequest>;

/** admin/settings/weights: the tolerance a branch weighing is compared with. */
export const ZWeightSettings = z.strictObject({
  tolerance_grams: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(WEIGHT_TOLERANCE_LIMITS.maxGrams, { error: MSG.invalidValue }),
  tolerance_percent: z
    .number({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(WEIGHT_TOLERANCE_LIMITS.maxPercent, { error: MSG.invalidValue })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: MSG.invalidValue }),
});
export type TWeightSettings = z.infer<typeof ZWeightSettings>;
export const ZWeightSettingsResponse = ZData(ZWeightSettings);
