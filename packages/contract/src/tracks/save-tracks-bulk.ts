import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZSavedTrack } from './saved-track';
import { isTrackCode, normalizeTrackCode } from './track-code';

/** At most this many codes in one bulk save (a marketplace's order list is rarely longer). */
export const BULK_TRACKS_MAX = 50;
/** A pasted text longer than this is refused before it is read (50 lines of a wide order list fit). */
export const BULK_PASTE_MAX_CHARS = 20_000;

/**
 * POST save-tracks: saves many tracking codes, each as POST save-track saves one (the same rule, its own
 * transaction, so one line's failure never undoes another's). Codes that are not codes answer `invalid` per line.
 */
export const ZSaveTracksRequest = z.strictObject({
  codes: z
    .array(z.string({ error: MSG.invalidValue }).max(200, { error: MSG.tooLong }), { error: MSG.required })
    .min(1, { error: MSG.required })
    .max(BULK_TRACKS_MAX, { error: MSG.tooLong }),
});
export type TSaveTracksRequest = z.input<typeof ZSaveTracksRequest>;

/**
 * A line's outcome: saved (claimed: the warehouse had it unclaimed and it is theirs now; checking: someone else saved
 * it too and the warehouse checks whose it is), already_yours, owned_by_other (the parcel is another customer's: the
 * customer may dispute it through support), invalid (not a tracking code).
 */
export const ZBulkTrackResult = z.enum(['saved', 'claimed', 'checking', 'already_yours', 'owned_by_other', 'invalid']);
export type TBulkTrackResult = z.infer<typeof ZBulkTrackResult>;

export const ZSaveTracksResponse = ZData(
  z.array(
    z.object({
      /** The code as sent, normalised when it is one. */
      code: z.string(),
      result: ZBulkTrackResult,
      saved_track: ZSavedTrack.nullable(),
    }),
  ),
);
export type TSaveTracksResponse = z.infer<typeof ZSaveTracksResponse>;

export interface PastedLine {
  /** 1-based line of the pasted text. */
  line: number;
  raw: string;
  /** The tracking code read from the line, or null when the line holds none. */
  code: string | null;
}

const hasDigit = /\d/;
const hasLetter = /[A-Z]/;
const asCode = (s: string): string | null => {
  const code = normalizeTrackCode(s.trim());
  return isTrackCode(code) && hasDigit.test(code) ? code : null;
};

/** The codes one cell holds: the cell whole ("SF 1234 5678"), or its words that are codes. */
function codesOfCell(cell: string): string[] {
  const whole = asCode(cell);
  if (whole) return [whole];
  return cell
    .split(/\s+/)
    .map(asCode)
    .filter((c): c is string => c !== null);
}

/**
 * Reads tracking codes from pasted text: one code per line; a line of columns (tabs, as spreadsheets and marketplaces
 * copy an order list) gives its one best code (letters and digits over digits only, then the longest); a line of
 * commas or semicolons gives each code it lists. Empty lines are skipped; a code met twice is kept once. Lines with no
 * code are kept (code null) so the preview can show them.
 */
export function parseTrackPaste(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  const seen = new Set<string>();
  const lines = text.slice(0, BULK_PASTE_MAX_CHARS).split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (!trimmed) return;
    const columns = raw.includes('\t');
    const cells = trimmed.split(columns ? /\t/ : /[,;|]/);
    let codes = cells.flatMap(codesOfCell);
    if (columns && codes.length > 1) {
      const rank = (c: string) => (hasLetter.test(c) ? 1000 : 0) + c.length;
      codes = [codes.reduce((best, c) => (rank(c) > rank(best) ? c : best))];
    }
    const fresh = codes.filter((c) => !seen.has(c));
    if (!codes.length) out.push({ line: i + 1, raw: trimmed, code: null });
    for (const code of fresh) {
      seen.add(code);
      out.push({ line: i + 1, raw: trimmed, code });
    }
  });
  return out;
}
