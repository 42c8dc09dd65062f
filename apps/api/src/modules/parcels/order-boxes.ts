import type { DbOrTx } from '../../db/client';
import { orderBoxes } from '../../db/schema';

/**
 * The boxes of parcels received as several boxes under one tracking code (issue 35, ADR 080): box 1 … n with their
 * weights when weighed apart. Written at receipt only, in its transaction; read by the labels and the views.
 */
export const orderBoxesRepository = {
  async insert(tx: DbOrTx, rows: { orderId: number; box: number; weight: number | null }[]): Promise<void> {
    if (rows.length) await tx.insert(orderBoxes).values(rows);
  },
};
