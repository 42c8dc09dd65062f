import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parcelFlows } from './parcel-flows';
import { statusIds } from './parcel-statuses';

/** What receipt itself writes about a parcel: anything else in its history means it has moved on since. */
const AT_RECEIPT = ['received', 'disputed'];

/**
 * Takes back a receipt (an import undone within its hour, ADR 074): the parcels are deleted with their history, as if
 * never received, and the kept flows move back. Only while every one of them is still exactly as received: at the
 * China warehouse with nothing done to it since (no dispatch, claim, assignment, correction…); otherwise 409
 * import_undo_moved and nothing changes. The rows are locked first (in id order, through parcelFlows.around), so a
 * dispatch racing the undo either happened before (refused here) or waits and finds nothing to move. Saved codes that
 * pointed at them wait again (saved_tracks.order_id is set null by its foreign key). The caller owns the transaction.
 */
export async function unreceive(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const sorted = [...ids].sort((a, b) => a - b);
  return parcelFlows.around(tx, sorted, async () => {
    const statuses = await statusIds(tx);
    const [moved] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(inArray(orders.id, sorted), ne(orders.statusId, statuses.china_warehouse)));
    const [acted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, sorted), sql`${orderEvents.action} <> all(${`{${AT_RECEIPT.join(',')}}`}::text[])`));
    if ((moved?.n ?? 0) > 0 || (acted?.n ?? 0) > 0) throw new AppError('import_undo_moved');
    const gone = await tx.delete(orders).where(inArray(orders.id, sorted)).returning({ id: orders.id });
    return gone.length;
  });
}

/** Ids of the parcels with these ids that still exist, in id order (an import's parcels, some maybe gone since). */
export async function existingIds(tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}
