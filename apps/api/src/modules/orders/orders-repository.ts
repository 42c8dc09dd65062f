import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orderEvents, orderStatuses, orders } from '../../db/schema';

/** What a customer's order card needs. */
export const cardColumns = {
  id: orders.id,
  userId: orders.userId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  currency: orders.currency,
  statusId: orders.statusId,
  receivedAt: orders.receivedAt,
  arrivedAt: orders.arrivedAt,
  deliveredAt: orders.deliveredAt,
  storageUntil: orders.storageUntil,
  photos: orders.photos,
  archivedAt: orders.archivedAt,
};
type OrderRow = typeof orders.$inferSelect;
export type OrderCardRow = Pick<OrderRow, keyof typeof cardColumns>;
export type OrderDetailsRow = OrderCardRow & Pick<OrderRow, 'tariff' | 'branchId' | 'dispatchedAt' | 'receiptId'>;

export type StatusRow = typeof orderStatuses.$inferSelect;

/** Only the owner's row: every customer query goes through this condition. */
const owned = (userId: number, id: number) => and(eq(orders.id, id), eq(orders.userId, userId));

export const ordersRepository = {
  async statuses(db: DbOrTx): Promise<StatusRow[]> {
    return db.select().from(orderStatuses).orderBy(asc(orderStatuses.position));
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

  /**
   * One page of the caller's orders in a status, newest first. Both queries match the partial index
   * orders_user_status_idx (user_id, status_id, id desc) where archived_at is null, so their cost depends
   * on this customer's orders only, never on the table's size.
   */
  /** The two queries of one page (exposed so a test can EXPLAIN exactly what runs). */
  pageByStatusQueries(db: DbOrTx, userId: number, statusId: number, page: number, perPage: number) {
    const where = and(eq(orders.userId, userId), eq(orders.statusId, statusId), isNull(orders.archivedAt));
    return {
      rows: db.select(cardColumns).from(orders).where(where).orderBy(desc(orders.id)).limit(perPage).offset((page - 1) * perPage),
      total: db.select({ n: count() }).from(orders).where(where),
    };
  },

  /**
   * One page of the caller's orders in a status, newest first. Both queries match the partial index
   * orders_user_status_idx (user_id, status_id, id desc) where archived_at is null, so their cost depends
   * on this customer's orders only, never on the table's size.
   */
  async pageByStatus(db: DbOrTx, userId: number, statusId: number, page: number, perPage: number): Promise<{ rows: OrderCardRow[]; total: number }> {
    const q = this.pageByStatusQueries(db, userId, statusId, page, perPage);
    const [rows, [totalRow]] = await Promise.all([q.rows, q.total]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  /** One page of the caller's archived orders, most recently archived first (orders_user_archived_idx). */
  async pageArchived(db: DbOrTx, userId: number, page: number, perPage: number): Promise<{ rows: OrderCardRow[]; total: number }> {
    const where = and(eq(orders.userId, userId), isNotNull(orders.archivedAt));
    const [rows, [totalRow]] = await Promise.all([
      db.select(cardColumns).from(orders).where(where).orderBy(desc(orders.archivedAt), desc(orders.id)).limit(perPage).offset((page - 1) * perPage),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  async findOwned(db: DbOrTx, userId: number, id: number): Promise<OrderDetailsRow | null> {
    const [row] = await db
      .select({ ...cardColumns, tariff: orders.tariff, branchId: orders.branchId, dispatchedAt: orders.dispatchedAt, receiptId: orders.receiptId })
      .from(orders)
      .where(owned(userId, id))
      .limit(1);
    return row ?? null;
  },

  async findOwnedByTrackCode(db: DbOrTx, userId: number, trackCode: string): Promise<OrderCardRow | null> {
    const [row] = await db.select(cardColumns).from(orders).where(and(eq(orders.trackCode, trackCode), eq(orders.userId, userId))).limit(1);
    return row ?? null;
  },

  async findCardById(db: DbOrTx, id: number): Promise<OrderCardRow | null> {
    const [row] = await db.select(cardColumns).from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  },

  /** One order by its (already normalised) tracking code: who owns it, if anyone. */
  async findByTrackCode(db: DbOrTx, trackCode: string): Promise<{ id: number; userId: number | null } | null> {
    const [row] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.trackCode, trackCode)).limit(1);
    return row ?? null;
  },

  async branch(db: DbOrTx, branchId: number): Promise<Pick<typeof branches.$inferSelect, 'id' | 'name' | 'address'> | null> {
    const [row] = await db.select({ id: branches.id, name: branches.name, address: branches.address }).from(branches).where(eq(branches.id, branchId)).limit(1);
    return row ?? null;
  },

  /** The order's history, oldest first, with the branch each event happened at. */
  async events(db: DbOrTx, orderId: number) {
    return db
      .select({ action: orderEvents.action, statusId: orderEvents.statusId, at: orderEvents.at, branchName: branches.name })
      .from(orderEvents)
      .leftJoin(branches, eq(branches.id, orderEvents.branchId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  },
};
