import { sumMinor, toMajor, toMinor } from '../common/money';

/**
 * One charge line of a receipt as the API's answers carry it: the parcel's price in major units (a decimal with at most
 * two places, null while it is not priced) and its weight in kg (at most three places).
 */
export interface TChargeLine {
  price: number | null;
  weight: number;
  /** The insurance premium charged with the parcel (major units; absent or 0 when not insured, ADR 090). */
  insurance?: number | null;
}

/** The same line as the API keeps it (the `orders.price` column): the price in minor units, null while not priced. */
export interface TMinorChargeLine {
  priceMinor: number | null;
  weight: number;
  /** The `orders.insurance_premium` column: minor units, 0 or absent when not insured. */
  insuranceMinor?: number | null;
}

/**
 * THE amount one parcel costs at the counter before storage (ADR 090): its freight price plus the insurance premium
 * fixed at dispatch, minor units. Every total of parcels (the counter's, the waiting list's, a payment request's, a
 * receipt's, the arrival message's) adds these, never the prices alone.
 */
export function parcelChargeMinor(line: Pick<TMinorChargeLine, 'priceMinor' | 'insuranceMinor'>): number {
  return sumMinor([line.priceMinor ?? 0, line.insuranceMinor ?? 0]);
}

export interface TReceiptTotals {
  /** What the lines cost together, in minor units: each parcel's charge (parcelChargeMinor), added as integers. */
  totalMinor: number;
  /** The part of it that is insurance premiums, minor units. */
  insuranceMinor: number;
  /** The same in major units, for the answers' decimal field (`total`). */
  total: number;
  /** Their weight together in kg, added in whole grams. */
  totalWeight: number;
}

/**
 * A receipt's totals from lines priced in minor units — THE one rule, used by the hand-over that writes the receipt and
 * the counter's lookup (ADR 060: no money, nor weight, is ever added as floating point).
 */
export function receiptTotalsMinor(lines: readonly TMinorChargeLine[]): TReceiptTotals {
  const totalMinor = sumMinor(lines.map(parcelChargeMinor));
  const insuranceMinor = sumMinor(lines.map((l) => l.insuranceMinor ?? 0));
  let grams = 0;
  for (const l of lines) grams += Math.round(l.weight * 1000);
  return { totalMinor, insuranceMinor, total: toMajor(totalMinor), totalWeight: grams / 1000 };
}

/**
 * The same rule for lines as an answer carries them (major-unit prices, e.g. the browser's hand-over screen): each price
 * turned into minor units first, then added as integers, so the screen and the receipt agree to the tiyn.
 */
export function receiptTotals(lines: readonly TChargeLine[]): TReceiptTotals {
  return receiptTotalsMinor(
    lines.map((l) => ({
      priceMinor: l.price === null ? null : toMinor(l.price),
      weight: l.weight,
      insuranceMinor: l.insurance ? toMinor(l.insurance) : 0,
    })),
  );
}
