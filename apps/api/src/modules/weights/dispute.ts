import { formatWeight, type TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { text } from '../../texts/texts';
import type { WeightCheckRow } from './weights-repository';

/** What the claims module's openClaim takes (H5's `claims/claims-service.ts`, issue 36): the weight dispute's claim. */
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
 * THE one place a dispute becomes a claim (ADR 089), in the dispute's transaction. The dispute itself is already kept
 * whole on the check (state disputed, the reason, who and when, both weights and prices), so nothing is lost before
 * the claims module exists on this branch. At merge the lead replaces the marked line with the claims module's call:
 *
 *   const { id } = await claimsService.openClaim(tx, input);  // import { claimsService } from '../claims/claims-service'
 *   await weightsRepository.setClaim(tx, check.id, id);        // import { weightsRepository } from './weights-repository'
 *   return id;
 *
 * Answers the claim's id (null until wired).
 */
export async function onDisputed(tx: DbOrTx, check: WeightCheckRow, lang: TLang): Promise<number | null> {
  const input = weightClaimInput(check, lang);
  void tx;
  void input; // MERGE: openClaim(tx, input) here (see above).
  return null;
}
