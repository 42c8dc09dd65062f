import { inArray } from 'drizzle-orm';
import { normalizeTrackCode, parseNumber } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * What one scanned text names (issue 35, ADR 079): a parcel by its tracking code, or by our number
 * (P…, with its check digit; a box code P…B2 names its parcel and the box).
 * - { trackCode, box } — a parcel we know (trackCode is its stored code; box only from a box code);
 * - { invalid: true } — shaped like our number with a wrong check digit: a misread or mistyped number;
 * - { unknown: true } — nothing we know (the caller says "not found" in its own words).
 */
export type TScanned = { trackCode: string; box: number | null } | { invalid: true } | { unknown: true };

/**
 * The one rule every parcel scan field follows: a seller's tracking code first (a code that happens to look like our
 * number still wins), else our number. Texts are normalised (spaces and dashes dropped, upper case). One query for
 * the numbers of the whole batch; the tracking codes are passed through for the caller's own lookup when they exist.
 */
export async function resolveScans(db: DbOrTx, texts: string[]): Promise<Map<string, TScanned>> {
  const out = new Map<string, TScanned>();
  const normalized = [...new Set(texts.map(normalizeTrackCode))];
  const numbered = new Map<string, { id: number; box: number | null }>();
  const candidates: string[] = [];
  for (const text of normalized) {
    const parsed = parseNumber(text);
    if (parsed?.kind === 'parcel') {
      candidates.push(text);
      if ('invalid' in parsed) out.set(text, { invalid: true });
      else numbered.set(text, { id: parsed.id, box: parsed.box });
    }
  }
  const asCodes = normalized.filter((t) => !numbered.has(t) && !out.has(t));
  const known = new Set<string>();
  if (candidates.length) {
    const rows = await db.select({ code: orders.trackCode }).from(orders).where(inArray(orders.trackCode, candidates));
    for (const r of rows) known.add(r.code);
  }
  for (const text of candidates) if (known.has(text)) out.set(text, { trackCode: text, box: null });
  const ids = [...numbered].filter(([t]) => !known.has(t)).map(([, n]) => n.id);
  const byId = new Map<number, string>();
  if (ids.length) {
    const rows = await db.select({ id: orders.id, code: orders.trackCode }).from(orders).where(inArray(orders.id, ids));
    for (const r of rows) byId.set(r.id, r.code);
  }
  for (const [text, n] of numbered) {
    if (known.has(text)) continue;
    const code = byId.get(n.id);
    out.set(text, code ? { trackCode: code, box: n.box } : { unknown: true });
  }
  // Everything else is taken as a tracking code; the caller looks it up (and says "not found" when it is none).
  for (const text of asCodes) if (!out.has(text)) out.set(text, { trackCode: text, box: null });
  return out;
}
