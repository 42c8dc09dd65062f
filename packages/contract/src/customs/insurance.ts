import { priceStepMinor } from '../parcels/chargeable-weight';

/**
 * A branch's insurance terms (issue 36), minor units of the branch's currency: the premium is `rateBp` basis points
 * of the declared value (300 = 3 %), at least `minPremium`; a value above `maxValue` cannot be insured (0 = no cap);
 * an uninsured parcel is compensated at most `uninsuredPerKg` per kilogram of its weight.
 */
export interface TInsuranceTerms {
  rateBp: number;
  minPremium: number;
  maxValue: number;
  uninsuredPerKg: number;
}

/**
 * THE premium for insuring a declared value (minor units) on a branch's terms, rounded half up once to the currency's
 * step (whole tenge and som, like prices): max(value × rate, minimum). Quoted when the customer chooses insurance and
 * kept on the declaration; charged with the parcel.
 */
export function insurancePremiumMinor(
  declaredValue: number,
  terms: Pick<TInsuranceTerms, 'rateBp' | 'minPremium'>,
  currency: string | null | undefined,
): number {
  if (!Number.isSafeInteger(declaredValue) || declaredValue < 0) throw new RangeError('declared value must be minor units ≥ 0');
  const step = priceStepMinor(currency);
  const scaled = declaredValue * terms.rateBp; // in 1/10000 of a minor unit
  const unit = 10_000 * step;
  if (!Number.isSafeInteger(scaled + unit)) throw new RangeError('premium overflow');
  const premium = Math.floor((scaled + unit / 2) / unit) * step;
  return Math.max(premium, terms.minPremium);
}

/** What the carrier pays at most for an uninsured parcel of this weight (kg), minor units: per kg, rounded to the step. */
export function uninsuredLimitMinor(
  weightKg: number,
  terms: Pick<TInsuranceTerms, 'uninsuredPerKg'>,
  currency: string | null | undefined,
): number {
  const step = priceStepMinor(currency);
  const grams = Math.round(weightKg * 1000);
  const unit = 1000 * step;
  return Math.floor((grams * terms.uninsuredPerKg + unit / 2) / unit) * step;
}

/** The admin's percent with two decimals (3.25 = 3.25 %) as kept basis points, and back (ADR 090). */
export const rateBpFromPercent = (percent: number): number => Math.round(percent * 100);
export const percentFromRateBp = (bp: number): number => bp / 100;
