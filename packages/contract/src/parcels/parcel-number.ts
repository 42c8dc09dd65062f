/**
 * Our own parcel number (issue 35, ADR 079): what our label prints as Code 128 and QR and what every scan field
 * accepts beside the seller's tracking code. "P" + the parcel's id in 9 digits + one Damm check digit, e.g.
 * P0000001234 + check = "P00000012348". The Damm algorithm catches every single-digit error and every swap of two
 * adjacent digits, so a mistyped or misread number is refused at the scan instead of finding another parcel.
 * A box of a parcel received as several boxes carries "B" + its number after it: "P00000012348B2" (box 2).
 * Bags have their own numbers the same way with the letter "G" ("G" + 9 digits + check).
 */

/** The Damm quasigroup of order 10 (weakly totally anti-symmetric): the published table. */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The Damm check digit of a string of digits. */
export function dammDigit(digits: string): number {
  let interim = 0;
  for (const ch of digits) interim = DAMM[interim]![Number(ch)]!;
  return interim;
}

/** Whether digits + their last check digit are valid (the whole string reduces to 0). */
export const dammValid = (digitsWithCheck: string): boolean => /^\d+$/.test(digitsWithCheck) && dammDigit(digitsWithCheck) === 0;

const ID_DIGITS = 9;
export const MAX_NUMBERED_ID = 10 ** ID_DIGITS - 1;

export type TNumberKind = 'parcel' | 'bag';
const LETTER: Record<TNumberKind, string> = { parcel: 'P', bag: 'G' };

/** The number of a parcel (or bag) id: letter + 9 digits + check digit. */
export function formatCodeNumber(kind: TNumberKind, id: number): string {
  if (!Number.isInteger(id) || id < 1 || id > MAX_NUMBERED_ID) throw new RangeError(`no number for id ${id}`);
  const digits = String(id).padStart(ID_DIGITS, '0');
  return `${LETTER[kind]}${digits}${dammDigit(digits)}`;
}

export const formatParcelNumber = (id: number) => formatCodeNumber('parcel', id);
export const formatBagNumber = (id: number) => formatCodeNumber('bag', id);
/** The code on the label of box `box` of a parcel received as several boxes (box ≥ 1). */
export const formatBoxCode = (id: number, box: number) => `${formatParcelNumber(id)}B${box}`;

/**
 * What a scanned or typed text is, as our numbers go (after normalizeTrackCode: upper case, no spaces or dashes):
 * - { kind, id, box } — one of our numbers with a right check digit (box only for a box code);
 * - { kind, invalid: true } — shaped like one of our numbers but its check digit is wrong (misread or mistyped);
 * - null — not shaped like our numbers at all (a seller's tracking code, say).
 * Callers look the text up as a tracking code first: a seller's code that happens to look like ours still wins.
 */
export type TParsedNumber = { kind: TNumberKind; id: number; box: number | null } | { kind: TNumberKind; invalid: true };

export function parseNumber(normalized: string): TParsedNumber | null {
  const m = /^([PG])(\d{10})(?:B(\d{1,3}))?$/.exec(normalized);
  if (!m) return null;
  const kind: TNumberKind = m[1] === 'P' ? 'parcel' : 'bag';
  if (kind === 'bag' && m[3] !== undefined) return null;
  const digits = m[2]!;
  if (!dammValid(digits)) return { kind, invalid: true };
  const id = Number(digits.slice(0, ID_DIGITS));
  const box = m[3] === undefined ? null : Number(m[3]);
  if (id < 1 || box === 0) return { kind, invalid: true };
  return { kind, id, box };
}
