import { eq } from 'drizzle-orm';
import { parseLocationCode, parseLocationLabel } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parcels } from '../parcels/parcels-service';
import { shelvesRepository, type LocationRow } from './shelves-repository';

export type ScannedParcel = { id: number; trackCode: string; userId: number | null; statusId: number; branchId: number | null };

/**
 * A scanned parcel (its seller's tracking code or our P number, through parcels' one resolver, ADR 079): a wrong check
 * digit is a misread (422 parcel_number_invalid, ADR 079's own message), anything unknown 404 scan_not_found.
 */
export async function scannedParcel(db: DbOrTx, text: string): Promise<ScannedParcel> {
  const scanned = [...(await parcels.resolveScans(db, [text])).values()][0];
  if (!scanned || 'unknown' in scanned) throw new AppError('scan_not_found');
  if ('invalid' in scanned) throw new AppError('parcel_number_invalid');
  const [row] = await db
    .select({ id: orders.id, trackCode: orders.trackCode, userId: orders.userId, statusId: orders.statusId, branchId: orders.branchId })
    .from(orders)
    .where(eq(orders.trackCode, scanned.trackCode))
    .limit(1);
  if (!row) throw new AppError('scan_not_found');
  return row;
}

/**
 * A text as a shelf of this branch: its L code (a wrong check digit → 422 shelf_code_invalid) or its name "A-03-2"; null when the
 * text is shaped like neither (a parcel's code, for the fields that take both).
 */
export async function shelfOf(db: DbOrTx, branchId: number, text: string): Promise<LocationRow | null> {
  const code = parseLocationCode(text);
  if (code && 'invalid' in code) throw new AppError('shelf_code_invalid');
  if (code) return (await shelvesRepository.location(db, branchId, code.id)) ?? null;
  const name = parseLocationLabel(text);
  return name ? ((await shelvesRepository.locationByName(db, branchId, name)) ?? null) : null;
}

/** Whether the text is shaped like a shelf (code or name), found or not. */
export const looksLikeShelf = (text: string) => parseLocationCode(text) !== null || parseLocationLabel(text) !== null;

/** A scanned shelf that must exist at this branch (404 shelf_not_found). */
export async function scannedShelf(db: DbOrTx, branchId: number, text: string): Promise<LocationRow> {
  const shelf = await shelfOf(db, branchId, text);
  if (!shelf) throw new AppError('shelf_not_found');
  return shelf;
}
