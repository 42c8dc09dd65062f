import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, receipts } from '../../db/schema';
import type { ParcelEventInsert, ParcelInsert } from './parcels-repository';

export type Backdated = {
  receivedAt: Date;
  dispatchedAt: Date | null;
  arrivedAt: Date | null;
  deliveredAt: Date | null;
  storageUntil: string | null;
  archivedAt: Date | null;
};

/**
 * Loaders only (the demo seed, test fixtures): parcels written as they stand after their lifecycle so far, and the
 * past replayed through the real transitions moved back to when it happened. The app's own writes are the transitions.
 */
export const parcelLoadersRepository = {
  /** Whether the customer has any parcel (the demo seed runs once). */
  async hasParcelsOf(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
    return row !== undefined;
  },

  /** Which of these codes are parcels nobody owns. */
  async unclaimedAmong(db: DbOrTx, codes: string[]): Promise<string[]> {
    const rows = await db
      .select({ code: orders.trackCode })
      .from(orders)
      .where(and(isNull(orders.userId), inArray(orders.trackCode, codes)));
    return rows.map((r) => r.code);
  },

  /**
   * Loaders only (the demo seed, test fixtures): a parcel row written as it stands after its lifecycle so far, with
   * its history. The app's own writes are the transitions; the caller counts the flows (parcelFlows).
   */
  async insertRecorded(db: DbOrTx, row: ParcelInsert, events: Omit<ParcelEventInsert, 'orderId'>[]): Promise<number> {
    const [inserted] = await db.insert(orders).values(row).returning({ id: orders.id });
    if (!inserted) throw new Error('parcel insert returned nothing');
    if (events.length) await db.insert(orderEvents).values(events.map((e) => ({ ...e, orderId: inserted.id })));
    return inserted.id;
  },

  /**
   * Loaders only (the demo seed replaying the past through the real transitions): moves a parcel's timestamps, its
   * history's times and its receipt's date back to when they happened. Call it inside parcelFlows.around.
   */
  async backdate(tx: DbOrTx, id: number, at: Backdated): Promise<void> {
    const last = at.deliveredAt ?? at.arrivedAt ?? at.dispatchedAt ?? at.receivedAt;
    const [row] = await tx
      .update(orders)
      .set({ ...at, createdAt: at.receivedAt, updatedAt: last })
      .where(eq(orders.id, id))
      .returning({ receiptId: orders.receiptId });
    const steps: [string, Date | null][] = [
      ['received', at.receivedAt],
      ['dispatched', at.dispatchedAt],
      ['arrived', at.arrivedAt],
      ['delivered', at.deliveredAt],
    ];
    for (const [action, when] of steps)
      if (when)
        await tx
          .update(orderEvents)
          .set({ at: when })
          .where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action)));
    if (row?.receiptId && at.deliveredAt)
      await tx.update(receipts).set({ createdAt: at.deliveredAt }).where(eq(receipts.id, row.receiptId));
  },
};
