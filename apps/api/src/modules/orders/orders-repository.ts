import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { branches, orderEvents, orderStatuses, orders } from '../../db/schema';
import { cardColumns, type OrderCardRow, type OrderDetailsRow } from './order-cards';

export type StatusRow = typeof orderStatuses.$inferSelect;
export type StatusRef = Pick<StatusRow, 'id' | 'code' | 'name'>;

/** Only the owner's row: every customer query goes through this condition. */
const owned = (userId: number, id: number) => and(eq(orders.id, id), eq(orders.userId, userId));

export const ordersRepository = {
  /** The owner's parcels at a branch (not archived), per branch and currency, the earliest last free day first. */
  /** The caller's parcels waiting at a branch, per branch and currency (only `branchId`'s when given). */
  async waiting(db: DbOrTx, userId: number, branchId?: number) {
    return db
      .select({
        branchId: orders.branchId,
        ids: sql<number[]>`array_agg(${orders.id} order by ${orders.id})`,
        branchName: branches.name,
        count: sql<number>`count(*)::int`,
        /** Minor units, as text (a sum of bigints is a numeric): the prices, and the premiums charged with them. */
        total: sql<string>`coalesce(sum(${orders.price}), 0)::text`,
        insurance: sql<string>`coalesce(sum(${orders.insurancePremium}), 0)::text`,
        currency: orders.currency,
        storageUntil: sql<string | null>`min(${orders.storageUntil})::text`,
        /** The parcel whose last free day that is (the first to run out). */
        firstDueId: sql<
          number | null
        >`(array_agg(${orders.id} order by ${orders.storageUntil} asc, ${orders.id}) filter (where ${orders.storageUntil} is not null))[1]`,
        /** The parcels with a storage fee: [last free day, fee per day in minor units] each, for the contract's rule. */
        storage: sql<
          [string, number | string][] | null
        >`json_agg(json_build_array(${orders.storageUntil}::text, ${orders.storageFeePerDay})) filter (where ${orders.storageFeePerDay} > 0 and ${orders.storageUntil} is not null)`,
        timeZone: branches.timeZone,
      })
      .from(orders)
      .innerJoin(orderStatuses, and(eq(orderStatuses.id, orders.statusId), eq(orderStatuses.code, 'at_branch')))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .where(and(eq(orders.userId, userId), isNull(orders.archivedAt), ...(branchId !== undefined ? [eq(orders.branchId, branchId)] : [])))
      .groupBy(orders.branchId, branches.name, branches.timeZone, orders.currency)
      .orderBy(sql`min(${orders.storageUntil}) asc nulls last`, asc(orders.branchId));
  },

  /** Every status in order (each order list and order asks: a prepared statement). */
  async statuses(db: DbOrTx): Promise<StatusRow[]> {
    return prepared(db, 'order_statuses', () =>
      db.select().from(orderStatuses).orderBy(asc(orderStatuses.position)).prepare('order_statuses'),
    ).execute();
  },

  /** The caller's not-archived orders per status id (served by orders_user_status_idx). */
  async countsByStatus(db: DbOrTx, userId: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ statusId: orders.statusId, n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNull(orders.archivedAt)))
      .groupBy(orders.statusId);
    return new Map(rows.map((r) => [r.statusId, Number(r.n)]));
  },

  async findOwned(db: DbOrTx, userId: number, id: number): Promise<OrderDetailsRow | null> {
    const [row] = await db
      .select({
        ...cardColumns,
        tariff: orders.tariff,
        branchId: orders.branchId,
        dispatchedAt: orders.dispatchedAt,
        receiptId: orders.receiptId,
      })
      .from(orders)
      .where(owned(userId, id))
      .limit(1);
    return row ?? null;
  },

  async findOwnedByTrackCode(db: DbOrTx, userId: number, trackCode: string): Promise<OrderCardRow | null> {
    const [row] = await db
      .select(cardColumns)
      .from(orders)
      .where(and(eq(orders.trackCode, trackCode), eq(orders.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async findCardById(db: DbOrTx, id: number): Promise<OrderCardRow | null> {
    const [row] = await db.select(cardColumns).from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  },

  /** One order by its (already normalised) tracking code: who owns it, if anyone, how they got it, whether it is disputed. */
  async findByTrackCode(
    db: DbOrTx,
    trackCode: string,
  ): Promise<{ id: number; userId: number | null; ownerSource: string | null; disputedAt: Date | null } | null> {
    const [row] = await db
      .select({ id: orders.id, userId: orders.userId, ownerSource: orders.ownerSource, disputedAt: orders.disputedAt })
      .from(orders)
      .where(eq(orders.trackCode, trackCode))
      .limit(1);
    return row ?? null;
  },

  async branch(db: DbOrTx, branchId: number): Promise<Pick<typeof branches.$inferSelect, 'id' | 'name' | 'address'> | null> {
    const [row] = await db
      .select({ id: branches.id, name: branches.name, address: branches.address })
      .from(branches)
      .where(eq(branches.id, branchId))
      .limit(1);
    return row ?? null;
  },

  /** The order's history, oldest first, with the branch each event happened at. */
  async events(db: DbOrTx, orderId: number) {
    return db
      .select({
        action: orderEvents.action,
        statusId: orderEvents.statusId,
        at: orderEvents.at,
        branchName: branches.name,
        details: orderEvents.details,
      })
      .from(orderEvents)
      .leftJoin(branches, eq(branches.id, orderEvents.branchId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  },
};
