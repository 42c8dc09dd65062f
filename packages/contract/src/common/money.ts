/**
 * Money, the one place: amounts are integers of the currency's minor unit (tiyn, kopeks …), never floating
 * point. Text ↔ minor units is done on the digits themselves, so "0.1 + 0.2" style drift cannot happen.
 * Every currency the carrier works in (KZT, KGS, UZS, RUB, CNY, USD) has two minor digits.
 */
export const MINOR_DIGITS = 2;
const SCALE = 10 ** MINOR_DIGITS;
/** The largest amount one payment or charge may carry: 1,000,000,000.00 (far above any parcel bill). */
export const MAX_AMOUNT_MINOR = 100_000_000_000;

/**
 * A typed amount ("1250", "1 250,5", "1250.50") → minor units, or null when it is not a plain non-negative amount
 * with at most two decimals. Spaces (incl. no-break) group thousands; "," or "." is the decimal mark.
 */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const minor = Number(m[1]) * SCALE + Number((m[2] ?? '').padEnd(MINOR_DIGITS, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** Minor units → "1250.50" (plain, dot, no grouping: for inputs, files and exports). Negative amounts keep their sign. */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / SCALE);
  const cents = String(abs % SCALE).padStart(MINOR_DIGITS, '0');
  return `${sign}${major}.${cents}`;
}

/**
 * A decimal with at most two places carried as a JS number (the major-unit fields of the API: `price`, `tariff`,
 * `total`) → minor units. toFixed rounds the binary approximation back to the two decimals it stands for.
 */
export function toMinor(value: number): number {
  const minor = parseAmount(Math.abs(value).toFixed(MINOR_DIGITS));
  if (minor === null) throw new RangeError(`not an amount: ${value}`);
  return value < 0 ? -minor : minor;
}

/** Minor units → the decimal number the API's major-unit fields carry (exact for two decimals in this range). */
export function toMajor(minor: number): number {
  return Number(formatAmount(minor));
}

/** toMajor for an amount that may be missing (an unpriced parcel): null stays null. */
export function toMajorOrNull(minor: number | null): number | null {
  return minor === null ? null : toMajor(minor);
}

/** Sum of minor-unit amounts; throws if it ever leaves the safe-integer range. */
export function sumMinor(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new RangeError('amount overflow');
  }
  return total;
}
