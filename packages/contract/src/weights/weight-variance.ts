/**
 * The branch weighing rule (issue 36, ADR 089), shared by the API (which decides) and the staff screen (which says
 * what will happen before the clerk saves). Everything in whole grams: weights are kept in kg with three decimals.
 *
 * allowed = the larger of the tolerance in grams and the tolerance in % of the China weight (rounded down to the
 * gram), as a bag's weighing (ADR 082). |branch − China| ≤ allowed: within, nothing asked (exactly at the limit
 * passes); lighter beyond it: the price follows the branch weight by itself; heavier beyond it: the customer
 * confirms the new price or disputes before paying.
 */
export interface TWeightTolerance {
  /** Allowed difference in grams (0 = none by grams). */
  tolerance_grams: number;
  /** Allowed difference in % of the China weight, up to 2 decimals (2.5 = 2.5 %; 0 = none by percent). */
  tolerance_percent: number;
}

export const DEFAULT_WEIGHT_TOLERANCE: TWeightTolerance = { tolerance_grams: 100, tolerance_percent: 5 };
/** Bounds an admin may set (10 kg, 50 %). */
export const WEIGHT_TOLERANCE_LIMITS = { maxGrams: 10_000, maxPercent: 50 } as const;

/** The customer's words when disputing (kept whole on the check and in the claim). */
export const WEIGHT_DISPUTE_REASON_LENGTH = { min: 3, max: 1000 } as const;

export type TWeightOutcome = 'within' | 'lighter' | 'heavier';

export interface TWeightVariance {
  china_grams: number;
  branch_grams: number;
  /** branch − China. */
  difference_grams: number;
  allowed_grams: number;
  outcome: TWeightOutcome;
}

const grams = (kg: number): number => Math.round(kg * 1000);

export function weightVariance(chinaKg: number, branchKg: number, t: TWeightTolerance): TWeightVariance {
  const china = grams(chinaKg);
  const branch = grams(branchKg);
  const bp = Math.round(t.tolerance_percent * 100);
  const allowed = Math.max(t.tolerance_grams, Math.floor((china * bp) / 10_000));
  const difference = branch - china;
  const outcome: TWeightOutcome = Math.abs(difference) <= allowed ? 'within' : difference < 0 ? 'lighter' : 'heavier';
  return { china_grams: china, branch_grams: branch, difference_grams: difference, allowed_grams: allowed, outcome };
}
