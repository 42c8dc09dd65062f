import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TBagListQuery, TBagStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { bagItems, bags, branches, flights, orders, orderStatuses, users } from '../../db/schema';

export type BagRow = typeof bags.$inferSelect;

/** A bag with what its lists show: its branch's name, its flight, how many parcels and their weight in grams. */
export type BagListRow = BagRow & {
  branchName: (typeof branches.$inferSelect)['name'];
  flight: { id: number; carrierRef: string; departureDate: string } | null;
  parcels: number;
  parcelsGrams: number;
};

/** A parcel of a bag with the columns its screens, label and manifest print. */
export interface BagParcelRow {
  orderId: number;
  bagId: number;
  trackCode: string;
  weight: number;
  statusCode: string;
  statusName: (typeof orderStatuses.$inferSelect)['name'];
  clientCode: string | null;
  branchId: number | null;
  branchName: (typeof branches.$inferSelect)['name'] | null;
  foundAt: Date | null;
}

// Parcel weights are kg with three decimals: their sum × 1000 is an exact whole number of grams.
const gramsOf = sql<number>`coalesce(round(sum(${orders.weight}) * 1000), 0)::int`;

/** SQL of the bags module: only this file writes bags and bag_items. */
export const bagsRepository = {
  async insert(tx: DbOrTx, branchId: number, userId: number | null): Promise<number> {
    const [row] = await tx.insert(bags).values({ branchId, createdBy: userId }).returning({ id: bags.id });
    return row!.id;
  },

  /** The bag's row locked until the transaction ends: every change of a bag and of its contents takes it first. */
  async lock(tx: DbOrTx, id: number): Promise<BagRow | undefined> {
    const [row] = await tx.select().from(bags).where(eq(bags.id, id)).for('update');
    return row;
  },

  async list(db: DbOrTx, filter: TBagListQuery & { id?: number }, limit: number): Promise<BagListRow[]> {
    const where: SQL[] = [];
    if (filter.id !== undefined) where.push(eq(bags.id, filter.id));
    if (filter.status) where.push(eq(bags.status, filter.status));
    if (filter.branch_id) where.push(eq(bags.branchId, filter.branch_id));
    if (filter.flight_id) where.push(eq(bags.flightId, filter.flight_id));
    const counts = db
      .select({ bagId: bagItems.bagId, n: sql<number>`count(*)::int`.as('n'), grams: gramsOf.as('grams') })
      .from(bagItems)
      .innerJoin(orders, eq(orders.id, bagItems.orderId))
      .groupBy(bagItems.bagId)
      .as('counts');
    const rows = await db
      .select({
        bag: bags,
        branchName: branches.name,
        flightId: flights.id,
        carrierRef: flights.carrierRef,
        departureDate: flights.departureDate,
        n: counts.n,
        grams: counts.grams,
      })
      .from(bags)
      .innerJoin(branches, eq(branches.id, bags.branchId))
      .leftJoin(flights, eq(flights.id, bags.flightId))
      .leftJoin(counts, eq(counts.bagId, bags.id))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(bags.id))
      .limit(limit);
    return rows.map((r) => ({
      ...r.bag,
      branchName: r.branchName,
      flight: r.flightId === null ? null : { id: r.flightId, carrierRef: r.carrierRef!, departureDate: r.departureDate! },
      parcels: r.n ?? 0,
      parcelsGrams: Number(r.grams ?? 0),
    }));
  },

  /** The parcels of these bags, by tracking code. */
  async parcels(db: DbOrTx, bagIds: number[]): Promise<BagParcelRow[]> {
    if (!bagIds.length) return [];
    const rows = await db
      .select({
        orderId: orders.id,
        bagId: bagItems.bagId,
        trackCode: orders.trackCode,
        weight: orders.weight,
        statusCode: orderStatuses.code,
        statusName: orderStatuses.name,
        clientCode: sql<string | null>`coalesce(${users.clientCode}, ${orders.labelClientCode})`,
        branchId: orders.branchId,
        branchName: branches.name,
        foundAt: bagItems.foundAt,
      })
      .from(bagItems)
      .innerJoin(orders, eq(orders.id, bagItems.orderId))
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .where(inArray(bagItems.bagId, bagIds))
      .orderBy(asc(bagItems.bagId), asc(orders.trackCode));
    return rows;
  },

  /** The bag each of these parcels is in (at most one each). */
  async bagsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
    if (!orderIds.length) return new Map();
    const rows = await db
      .select({ orderId: bagItems.orderId, bagId: bagItems.bagId })
      .from(bagItems)
      .where(inArray(bagItems.orderId, orderIds));
    return new Map(rows.map((r) => [r.orderId, r.bagId]));
  },

  /** Adds parcels to a bag; those another bag holds already (the unique index) are left out of the answer. */
  async add(tx: DbOrTx, bagId: number, orderIds: number[], userId: number | null): Promise<Set<number>> {
    if (!orderIds.length) return new Set();
    const rows = await tx
      .insert(bagItems)
      .values(orderIds.map((orderId) => ({ bagId, orderId, addedBy: userId })))
      .onConflictDoNothing()
      .returning({ orderId: bagItems.orderId });
    return new Set(rows.map((r) => r.orderId));
  },

  async remove(tx: DbOrTx, bagId: number, orderId: number): Promise<boolean> {
    const rows = await tx
      .delete(bagItems)
      .where(and(eq(bagItems.bagId, bagId), eq(bagItems.orderId, orderId)))
      .returning({ orderId: bagItems.orderId });
    return rows.length > 0;
  },

  async itemIds(db: DbOrTx, bagId: number): Promise<number[]> {
    const rows = await db.select({ id: bagItems.orderId }).from(bagItems).where(eq(bagItems.bagId, bagId));
    return rows.map((r) => r.id);
  },

  /** The parcels' weight in grams and their count. */
  async weight(db: DbOrTx, bagId: number): Promise<{ parcels: number; grams: number }> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`, grams: gramsOf })
      .from(bagItems)
      .innerJoin(orders, eq(orders.id, bagItems.orderId))
      .where(eq(bagItems.bagId, bagId));
    return { parcels: Number(row?.n ?? 0), grams: Number(row?.grams ?? 0) };
  },

  async set(tx: DbOrTx, id: number, set: Partial<Omit<BagRow, 'id'>>): Promise<void> {
    await tx.update(bags).set(set).where(eq(bags.id, id));
  },

  /** Marks these parcels of the bag found (those not found before): the ids this call marked. */
  async markFound(tx: DbOrTx, bagId: number, orderIds: number[]): Promise<Set<number>> {
    if (!orderIds.length) return new Set();
    const rows = await tx
      .update(bagItems)
      .set({ foundAt: new Date() })
      .where(and(eq(bagItems.bagId, bagId), inArray(bagItems.orderId, orderIds), isNull(bagItems.foundAt)))
      .returning({ orderId: bagItems.orderId });
    return new Set(rows.map((r) => r.orderId));
  },

  async statusIs(db: DbOrTx, id: number, status: TBagStatus): Promise<boolean> {
    const [row] = await db.select({ status: bags.status }).from(bags).where(eq(bags.id, id));
    return row?.status === status;
  },
};
