import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orders, weightChecks, type WeightCheckRow } from '../../db/schema';

export type WeightCheckInsert = typeof weightChecks.$inferInsert;
export type { WeightCheckRow };

/** A check with what its views show beside it: the parcel's code and name, the branch's name. */
export interface WeightCheckWith {
  c: WeightCheckRow;
  trackCode: string;
  name: string;
  branchName: (typeof branches.$inferSelect)['name'];
}

const withColumns = { c: weightChecks, trackCode: orders.trackCode, name: orders.name, branchName: branches.name };

/** The weights module's one table, `weight_checks` (ADR 089): the only code that reads or writes it for the module. */
export const weightsRepository = {
  /** A new check; null when the parcel already has one (the unique index decides two weighings at once). */
  async insert(tx: DbOrTx, values: WeightCheckInsert): Promise<WeightCheckRow | null> {
    const [row] = await tx.insert(weightChecks).values(values).onConflictDoNothing({ target: weightChecks.orderId }).returning();
    return row ?? null;
  },

  async byId(db: DbOrTx, id: number): Promise<WeightCheckRow | undefined> {
    const [row] = await db.select().from(weightChecks).where(eq(weightChecks.id, id)).limit(1);
    return row;
  },

  async byOrder(db: DbOrTx, orderId: number): Promise<WeightCheckRow | undefined> {
    const [row] = await db.select().from(weightChecks).where(eq(weightChecks.orderId, orderId)).limit(1);
    return row;
  },

  async withDetails(db: DbOrTx, where: ReturnType<typeof eq>): Promise<WeightCheckWith[]> {
    return db
      .select(withColumns)
      .from(weightChecks)
      .innerJoin(orders, eq(orders.id, weightChecks.orderId))
      .innerJoin(branches, eq(branches.id, weightChecks.branchId))
      .where(where)
      .orderBy(asc(weightChecks.weighedAt), asc(weightChecks.id));
  },

  /** The customer's checks waiting for their decision (the partial index on pending checks), oldest first. */
  pendingOf(db: DbOrTx, userId: number): Promise<WeightCheckWith[]> {
    return this.withDetails(db, and(eq(weightChecks.userId, userId), eq(weightChecks.state, 'pending'))!);
  },

  /** The checks of these parcels that hold payment. */
  async pendingAmong(db: DbOrTx, orderIds: number[]): Promise<WeightCheckRow[]> {
    if (!orderIds.length) return [];
    return db
      .select()
      .from(weightChecks)
      .where(and(inArray(weightChecks.orderId, orderIds), eq(weightChecks.state, 'pending')));
  },

  /**
   * THE decision: pending → confirmed or disputed, once (the guarded UPDATE decides a confirm racing a dispute: the
   * second finds it decided). Undefined when it was not pending any more.
   */
  async decide(
    tx: DbOrTx,
    id: number,
    to: 'confirmed' | 'disputed',
    by: { userId: number; via: 'customer' | 'counter' },
    reason: string | null,
  ): Promise<WeightCheckRow | undefined> {
    const [row] = await tx
      .update(weightChecks)
      .set({ state: to, decidedBy: by.userId, decidedVia: by.via, decidedAt: sql`now()`, disputeReason: reason })
      .where(and(eq(weightChecks.id, id), eq(weightChecks.state, 'pending')))
      .returning();
    return row;
  },

  /** The claim a dispute became (set once). */
  async setClaim(tx: DbOrTx, id: number, claimId: number): Promise<void> {
    await tx
      .update(weightChecks)
      .set({ claimId })
      .where(and(eq(weightChecks.id, id), sql`${weightChecks.claimId} is null`));
  },
};
