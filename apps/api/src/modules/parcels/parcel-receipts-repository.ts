import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, receipts } from '../../db/schema';
import { lifecycleColumns } from './parcels-repository';

export type ReceiptInsert = typeof receipts.$inferInsert;
export type ReceiptRow = typeof receipts.$inferSelect;

/** Hand-overs' receipts (`receipts`) and the parcels they point at: the hand-over writes one, its undo takes it back. */
export const parcelReceiptsRepository = {
  async lockReceipt(tx: Tx, id: number): Promise<ReceiptRow | undefined> {
    const [row] = await tx.select().from(receipts).where(eq(receipts.id, id)).for('update');
    return row;
  },

  /** The delivered parcels of a receipt, locked in id order. */
  async lockReceiptParcels(tx: Tx, receiptId: number, deliveredId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.receiptId, receiptId), eq(orders.statusId, deliveredId)))
      .orderBy(orders.id)
      .for('update');
    return rows.map((r) => r.id);
  },

  /** Delivered parcels back to the branch: delivered_at and the receipt cleared. */
  async backToBranch(tx: DbOrTx, ids: number[], statuses: { delivered: number; atBranch: number }, updatedAt: Date) {
    return tx
      .update(orders)
      .set({ statusId: statuses.atBranch, deliveredAt: null, receiptId: null, updatedAt })
      .where(and(inArray(orders.id, ids), eq(orders.statusId, statuses.delivered)))
      .returning(lifecycleColumns);
  },

  async markReceiptUndone(tx: DbOrTx, id: number, reason: string): Promise<void> {
    await tx.update(receipts).set({ undoneAt: new Date(), undoReason: reason }).where(eq(receipts.id, id));
  },

  /** A hand-over's receipt, and its parcels pointed at it. */
  async insertReceipt(tx: DbOrTx, values: ReceiptInsert, parcelIds: number[]): Promise<number> {
    const [receipt] = await tx.insert(receipts).values(values).returning({ id: receipts.id });
    await tx.update(orders).set({ receiptId: receipt!.id }).where(inArray(orders.id, parcelIds));
    return receipt!.id;
  },
};
