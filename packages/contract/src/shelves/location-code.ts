import { dammDigit, dammValid } from '../parcels/parcel-number';

/**
 * A shelf's scannable code (issue 35, ADR 083): "L" + the location's id in 6 digits + one Damm check digit, e.g.
 * "L0000421". The letter L is used by none of our other numbers (P parcels, G bags), the check digit refuses a misread
 * code as our P numbers do, and a scan field that takes both shelves and parcels (the stock-take) asks the branch's
 * shelves first, so a seller's code can only be taken for a shelf if it equals an existing shelf's code there.
 * People read the shelf's name beside it: zone-rack-shelf, "A-03-2".
 */
const ID_DIGITS = 6;
export const MAX_LOCATION_ID = 10 ** ID_DIGITS - 1;

export function formatLocationCode(id: number): string {
  if (!Number.isInteger(id) || id < 1 || id > MAX_LOCATION_ID) throw new RangeError(`no location code for id ${id}`);
  const digits = String(id).padStart(ID_DIGITS, '0');
  return `L${digits}${dammDigit(digits)}`;
}

/** A scanned text as a shelf code: { id }, { invalid } (L-shaped, wrong check digit), or null (not shaped like one). */
export function parseLocationCode(text: string): { id: number } | { invalid: true } | null {
  const m = /^L(\d{7})$/.exec(text.trim().toUpperCase().replace(/[\s-]/g, ''));
  if (!m) return null;
  if (!dammValid(m[1]!)) return { invalid: true };
  const id = Number(m[1]!.slice(0, ID_DIGITS));
  return id >= 1 ? { id } : { invalid: true };
}

/** The shelf's name people read: "A-03-2" (rack in two digits so a row sorts as it stands). */
export const locationLabel = (l: { zone: string; rack: number; shelf: number }) =>
  `${l.zone}-${String(l.rack).padStart(2, '0')}-${l.shelf}`;

/** A typed name "A-03-2" / "a 3 2" → its parts (the shelf field accepts it beside the code), or null. */
export function parseLocationLabel(text: string): { zone: string; rack: number; shelf: number } | null {
  const m = /^([A-Za-z]{1,3})[\s-]*(\d{1,2})[\s-]+(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  return { zone: m[1]!.toUpperCase(), rack: Number(m[2]), shelf: Number(m[3]) };
}
