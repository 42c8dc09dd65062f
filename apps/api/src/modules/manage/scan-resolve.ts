import { normalizeTrackCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parcels } from '../parcels/parcels-service';

/**
 * The tracking codes scanned texts name, through the one rule (`parcels.resolveScans`, ADR 079): a seller's tracking
 * code as it is, our number P… (or a box code P…B2) as its parcel's code. One of our numbers with a wrong check digit
 * refuses the whole request (`parcel_number_invalid`: misread, scan again) before anything is written; a text that
 * names nothing stays as it was, for the caller to answer "not found" in its own words. Same order, duplicates kept.
 */
export async function scannedCodes(db: DbOrTx, texts: string[]): Promise<string[]> {
  const resolved = await parcels.resolveScans(db, texts);
  return texts.map((t) => {
    const text = normalizeTrackCode(t);
    const r = resolved.get(text);
    if (!r) return text;
    if ('invalid' in r) throw new AppError('parcel_number_invalid');
    return 'trackCode' in r ? r.trackCode : text;
  });
}

/** One scanned text → the tracking code it names (the rule above). */
export async function scannedCode(db: DbOrTx, text: string): Promise<string> {
  return (await scannedCodes(db, [text]))[0]!;
}
