import { sumMinor, toMajor, toMinor } from '../common/money';

/**
 * One charge line of a receipt as its totals read it: the parcel's price (as the API carries it: a decimal with at most
 * two places, null while it is not priced) and its weight in kg (at most three places).
 */
export interface TChargeLine {
  price: number | null;
  weight: number;
}

export interface TReceiptTotals {
  /** What the lines cost together, in minor units: each price turned into minor units first, then added as integers. */
  totalMinor: number;
  /** The same in major units, for the fields that still carry decimals (`total`). */
  total: number;
  /** Their weight together in kg, added in whole grams. */
  totalWeight: number;
}

/**
 * A receipt's totals from its charge lines — THE one rule, used by the hand-over that writes the receipt, the counter's
 * lookup and the browser's hand-over screen (ADR 060: no money, nor weight, is ever added as floating point).
 */
export function receiptTotals(lines: readonly TChargeLine[]): TReceiptTotals {
  const totalMinor = sumMinor(lines.map((l) => toMinor(l.price ?? 0)));
  let grams = 0;
  for (const l of lines) grams += Math.round(l.weight * 1000);
  return { totalMinor, total: toMajor(totalMinor), totalWeight: grams / 1000 };
}
