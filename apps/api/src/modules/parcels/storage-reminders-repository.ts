import { and, between, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orders, orderStatuses, storageReminders } from '../../db/schema';

/** The daily storage reminders' reads and their one write (`storage_reminders`, the job's idempotency key). */
export const storageRemindersRepository = {
  /** Owned, unarchived parcels at a branch whose free storage ends between `from` and `to` (storage reminders). */
  async storageDue(db: DbOrTx, from: string, to: string) {
    return db
      .select({
        id: orders.id,
        userId: orders.userId,
        trackCode: orders.trackCode,
        name: orders.name,
        weight: orders.weight,
        price: orders.price,
        currency: orders.currency,
        storageUntil: orders.storageUntil,
        storageFeePerDay: orders.storageFeePerDay,
        branchName: branches.name,
        timeZone: branches.timeZone,
      })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(
        and(
          eq(orderStatuses.code, 'at_branch'),
          isNotNull(orders.userId),
          isNull(orders.archivedAt),
          between(orders.storageUntil, from, to),
        ),
      );
  },

  /** Reminders not sent yet (primary key parcel + day: the job's idempotency key); answers the parcels inserted now. */
  async insertReminders(tx: DbOrTx, rows: (typeof storageReminders.$inferInsert)[]): Promise<Set<number>> {
    const fresh = await tx.insert(storageReminders).values(rows).onConflictDoNothing().returning({ orderId: storageReminders.orderId });
    return new Set(fresh.map((r) => r.orderId));
  },
};
