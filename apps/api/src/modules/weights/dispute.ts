import { formatWeight, type TLang } from '@portal/contract';
import type { Tx } from '../../db/client';
import { openClaim } from '../claims/claims-service';
import { text } from '../../texts/texts';
import { weightsRepository, type WeightCheckRow } from './weights-repository';

/** What the claims module's openClaim takes (`claims/claims-service.ts`, ADR 088): the weight dispute's claim. */
export interface WeightClaimInput {
  orderId: number;
  userId: number;
  kind: 'weight_differs';
  description: string;
  source: 'weight_dispute';
}

/** The claim a disputed check becomes: its parcel, its customer, and both weights with the customer's words. */
export function weightClaimInput(check: WeightCheckRow, lang: TLang): WeightClaimInput {
  return {
    orderId: check.orderId,
    userId: check.userId!,
    kind: 'weight_differs',
    description: text('weights.dispute_claim', lang, {
      branch_weight: formatWeight(check.branchWeight, lang),
      china_weight: formatWeight(check.chinaWeight, lang),
      reason: check.disputeReason ?? '',
    }),
    source: 'weight_dispute',
  };
}

/**
 * THE one place a dispute becomes a claim (ADR 089), in the dispute's transaction: the claims module opens a
 * `weight_differs` claim for the parcel (or answers the one already open) and the check keeps its id, so staff decide
 * it with its evidence and deadlines like any claim. The dispute itself is kept whole on the check (state disputed, the
 * reason, who and when, both weights and prices). Answers the claim's id.
 */
export async function onDisputed(tx: Tx, check: WeightCheckRow, lang: TLang): Promise<number> {
  const { id } = await openClaim(tx, weightClaimInput(check, lang));
  await weightsRepository.setClaim(tx, check.id, id);
  return id;
}
