import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, savedTracks } from '../../db/schema';

/** What the tracks module lets the parcels module do to saved codes (it owns saved_tracks). */
export const tracksLinks = {
  /** Points each owner's saved code of these orders at the order. */
  async linkOrders(tx: DbOrTx, orderIds: number[]): Promise<void> {
    for (let i = 0; i < orderIds.length; i += 1000) {
      await tx
        .update(savedTracks)
        .set({ orderId: sql`${orders.id}` })
        .from(orders)
        .where(
          and(
            inArray(orders.id, orderIds.slice(i, i + 1000)),
            eq(savedTracks.trackCode, orders.trackCode),
            eq(savedTracks.userId, orders.userId),
            isNull(savedTracks.orderId),
          ),
        );
    }
  },

  /** The order is no longer its owner's (held as disputed): no saved code points at it any more. */
  async unlinkOrder(tx: DbOrTx, orderId: number): Promise<void> {
    await tx.update(savedTracks).set({ orderId: null }).where(eq(savedTracks.orderId, orderId));
  },

  /** A customer deleted their account (ADR 069): their saved codes and the names they gave them go; parcels keep their owner id. */
  async forgetCustomer(tx: DbOrTx, userId: number): Promise<void> {
    await tx.delete(savedTracks).where(eq(savedTracks.userId, userId));
  },
};
