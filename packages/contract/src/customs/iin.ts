import { z } from 'zod';

/**
 * Personal numbers customs ask for (issue 36): Kazakhstan's IIN and Kyrgyzstan's personal number (PIN). The field
 * messages are error codes (`iin_invalid`, `personal_number_invalid`: texts in the API's catalogue and the web's lazy
 * `customs` namespace), not contract validation messages: those load with the sign-in page, which has no room.
 */

/** Which personal number a destination country's customs need before its parcels leave China (set by the admin). */
export const CUSTOMS_IDS = ['none', 'iin', 'personal_number'] as const;
export type TCustomsId = (typeof CUSTOMS_IDS)[number];
export const ZCustomsId = z.enum(CUSTOMS_IDS);

const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const W2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2] as const;

function weighted(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digits[i]! * weights[i]!;
  return sum % 11;
}

/**
 * The IIN's check digit for its first 11 digits (the government's rule, decree 565 of 2003): Σ dᵢ·i mod 11; when that
 * is 10, Σ dᵢ·wᵢ mod 11 with w = 3…11,1,2; when that is 10 too, no number is issued with these 11 digits (null).
 */
export function iinCheckDigit(first11: string): number | null {
  if (!/^\d{11}$/.test(first11)) return null;
  const digits = [...first11].map(Number);
  const first = weighted(digits, W1);
  if (first !== 10) return first;
  const second = weighted(digits, W2);
  return second === 10 ? null : second;
}

/**
 * A Kazakh IIN: 12 digits, YYMMDD a plausible date (month 01–12, day 01–31), the 7th digit (century and sex) 0–6,
 * and the 12th digit the check digit. The official rule cannot catch every typo: under the first weighting the 11th
 * digit's weight (11) is 0 mod 11, so a change of that digit alone keeps the check digit, and the second weighting
 * lets a few more pass (measured in iin.test.ts: about 1 single-digit change in 10 of a valid IIN is another valid one).
 */
export function isValidIin(s: string): boolean {
  if (!/^\d{12}$/.test(s)) return false;
  const month = Number(s.slice(2, 4));
  const day = Number(s.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  if (Number(s[6]) > 6) return false;
  return iinCheckDigit(s.slice(0, 11)) === Number(s[11]);
}

function isRealDate(day: number, month: number, year: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A Kyrgyz personal number (PIN, «ПИН»): 14 digits, the first 1 or 2 (sex), then the birth date as DDMMYYYY (a real
 * date, years 1900–2099), then 5 digits (the registering office and a serial). Kyrgyzstan publishes no check digit
 * for it, so nothing more can be checked: a typo in the last 5 digits passes.
 */
export function isValidKgPersonalNumber(s: string): boolean {
  if (!/^[12]\d{13}$/.test(s)) return false;
  const day = Number(s.slice(1, 3));
  const month = Number(s.slice(3, 5));
  const year = Number(s.slice(5, 9));
  return year >= 1900 && year <= 2099 && isRealDate(day, month, year);
}

/** The field message of a refused IIN: an error code (API text, web `customs` namespace). */
export const IIN_INVALID = 'iin_invalid';
export const PERSONAL_NUMBER_INVALID = 'personal_number_invalid';

/** An IIN: exactly its 12 digits (the web takes spaces out as typed), the rule above. */
export const ZIin = z.string({ error: IIN_INVALID }).max(12, { error: IIN_INVALID }).refine(isValidIin, { error: IIN_INVALID });

/** A Kyrgyz personal number: exactly its 14 digits, the rule above. */
export const ZKgPersonalNumber = z
  .string({ error: PERSONAL_NUMBER_INVALID })
  .max(14, { error: PERSONAL_NUMBER_INVALID })
  .refine(isValidKgPersonalNumber, { error: PERSONAL_NUMBER_INVALID });
