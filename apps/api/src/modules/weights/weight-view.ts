import { pickText, toMajor, type TLang, type TWeightCheck } from '@portal/contract';
import type { WeightCheckWith } from './weights-repository';

/** A check as the customer and staff see it (prices in major units, as the parcel's price is shown). */
export function toWeightCheck({ c, trackCode, name, branchName }: WeightCheckWith, lang: TLang): TWeightCheck {
  return {
    id: c.id,
    order_id: c.orderId,
    track_code: trackCode,
    name,
    state: c.state,
    china_weight: c.chinaWeight,
    branch_weight: c.branchWeight,
    allowed_grams: c.allowedGrams,
    china_price: toMajor(c.chinaPrice),
    branch_price: toMajor(c.branchPrice),
    currency: c.currency,
    branch: { id: c.branchId, name: pickText(branchName, lang) },
    weighed_at: c.weighedAt.toISOString(),
    decided_at: c.decidedAt ? c.decidedAt.toISOString() : null,
    decided_via: c.decidedVia ?? null,
    dispute_reason: c.disputeReason,
    claim_id: c.claimId,
  };
}
