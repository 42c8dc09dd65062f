/**
 * The bag's weighing rule (issue 35, ADR 082), shared by the API (which refuses to seal) and the web (which shows the
 * check before the clerk asks). Everything in whole grams: parcel weights are kept in kg with three decimals.
 *
 * expected = sum of the parcels' weights + the tare; allowed = the larger of the tolerance in grams and the tolerance
 * in % of the expected weight (rounded down to the gram); a tolerance left at 0 does not count. The bag may be sealed
 * when |weighed − expected| ≤ allowed: exactly at the limit passes, one gram over does not.
 */
export interface TBagTolerance {
  /** The empty bag's weight, grams. */
  tare_grams: number;
  /** Allowed difference in grams (0 = none by grams). */
  tolerance_grams: number;
  /** Allowed difference in hundredths of a percent of the expected weight (150 = 1.5 %; 0 = none by percent). */
  tolerance_bp: number;
}

export const DEFAULT_BAG_TOLERANCE: TBagTolerance = { tare_grams: 300, tolerance_grams: 200, tolerance_bp: 200 };
/** Bounds an admin may set (a bag weighs at most 100 kg, the tolerance at most 20 %). */
export const BAG_LIMITS = { maxGrams: 100_000, maxBp: 2_000 } as const;

/** kg (three decimals) → whole grams, without float drift (1.005 kg → 1005 g). */
export const kgToGrams = (kg: number): number => Math.round(kg * 1000);

export interface TBagWeightCheck {
  parcels_grams: number;
  tare_grams: number;
  expected_grams: number;
  allowed_grams: number;
  /** weighed − expected (null until weighed). */
  difference_grams: number | null;
  /** Within the tolerance (false until weighed). */
  ok: boolean;
}

export function bagWeightCheck(parcelsGrams: number, weighedGrams: number | null, t: TBagTolerance): TBagWeightCheck {
  const expected = parcelsGrams + t.tare_grams;
  const byPercent = Math.floor((expected * t.tolerance_bp) / 10_000);
  const allowed = Math.max(t.tolerance_grams, byPercent);
  const difference = weighedGrams === null ? null : weighedGrams - expected;
  return {
    parcels_grams: parcelsGrams,
    tare_grams: t.tare_grams,
    expected_grams: expected,
    allowed_grams: allowed,
    difference_grams: difference,
    ok: difference !== null && Math.abs(difference) <= allowed,
  };
}
