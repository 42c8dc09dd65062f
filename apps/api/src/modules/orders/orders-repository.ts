import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { LifecycleOrder } from './order-lifecycle';

/** The columns the lifecycle core (events, notifications, claims) needs, plus the status id. */
export const lifecycleColumns = {
  id: orders.id,
  userId: orders.userId,
  branchId: orders.branchId,
  statusId: orders.statusId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  currency: orders.currency,
  storageUntil: orders.storageUntil,
};

export type LifecycleOrderRow = LifecycleOrder & { statusId: number };

export const ordersLifecycleRepository = {
  /** One order as the lifecycle core sees it, by id. */
  async findById(db: DbOrTx, id: number): Promise<LifecycleOrderRow | null> {
    const [row] = await db.select(lifecycleColumns).from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  },

  /** One order by its (already normalised) tracking code. */
  async findByTrackCode(db: DbOrTx, trackCode: string): Promise<LifecycleOrderRow | null> {
    const [row] = await db.select(lifecycleColumns).from(orders).where(eq(orders.trackCode, trackCode)).limit(1);
    return row ?? null;
  },
};
