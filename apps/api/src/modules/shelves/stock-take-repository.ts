import { and, asc, count, countDistinct, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, orders, parcelPlaces, stockTakeDifferences, stockTakes, stockTakeScans, users } from '../../db/schema';

export type StockTakeRow = typeof stockTakes.$inferSelect;
export type DifferenceRow = typeof stockTakeDifferences.$inferSelect;
export type NewDifference = typeof stockTakeDifferences.$inferInsert;

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } } | undefined;
  return x?.code === '23505' || x?.cause?.code === '23505';
};

export const stockTakeRepository = {
  /** A new open count, or null when the zone has one open already (the partial unique index decides a burst). */
  async start(db: DbOrTx, branchId: number, zone: string, by: number): Promise<StockTakeRow | null> {
    try {
      // A savepoint, so the refused insert leaves the caller's transaction usable.
      return await db.transaction(async (sp) => {
        const [row] = await sp.insert(stockTakes).values({ branchId, zone, startedBy: by }).returning();
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  },

  async get(db: DbOrTx, branchId: number, id: number, opts: { lock?: 'share' | 'update' } = {}): Promise<StockTakeRow | undefined> {
    const q = db
      .select()
      .from(stockTakes)
      .where(and(eq(stockTakes.id, id), eq(stockTakes.branchId, branchId)))
      .limit(1);
    const [row] = opts.lock === 'share' ? await q.for('share') : opts.lock === 'update' ? await q.for('update') : await q;
    return row;
  },

  async list(db: DbOrTx, branchId: number) {
    return db
      .select()
      .from(stockTakes)
      .where(eq(stockTakes.branchId, branchId))
      .orderBy(sql`${stockTakes.finishedAt} is not null`, desc(stockTakes.startedAt), desc(stockTakes.id))
      .limit(30);
  },

  async scanCounts(db: DbOrTx, ids: number[]): Promise<Map<number, { parcels: number; shelves: number }>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: stockTakeScans.stockTakeId,
        parcels: countDistinct(stockTakeScans.orderId),
        shelves: countDistinct(stockTakeScans.locationId),
      })
      .from(stockTakeScans)
      .where(inArray(stockTakeScans.stockTakeId, ids))
      .groupBy(stockTakeScans.stockTakeId);
    return new Map(rows.map((r) => [r.id, { parcels: r.parcels, shelves: r.shelves }]));
  },

  async openDifferences(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: stockTakeDifferences.stockTakeId, n: count() })
      .from(stockTakeDifferences)
      .where(and(inArray(stockTakeDifferences.stockTakeId, ids), isNull(stockTakeDifferences.decision)))
      .groupBy(stockTakeDifferences.stockTakeId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async scanShelf(db: DbOrTx, stockTakeId: number, locationId: number, by: number): Promise<void> {
    await db
      .insert(stockTakeScans)
      .values({ stockTakeId, locationId, scannedBy: by })
      .onConflictDoNothing({ target: [stockTakeScans.stockTakeId, stockTakeScans.locationId], where: sql`order_id is null` });
  },

  /** A parcel scanned on a shelf; scanned again, it counts where it was scanned last. */
  async scanParcel(db: DbOrTx, stockTakeId: number, locationId: number, orderId: number, by: number): Promise<void> {
    await db
      .insert(stockTakeScans)
      .values({ stockTakeId, locationId, orderId, scannedBy: by })
      .onConflictDoUpdate({
        target: [stockTakeScans.stockTakeId, stockTakeScans.orderId],
        targetWhere: sql`order_id is not null`,
        set: { locationId, scannedBy: by, scannedAt: sql`now()` },
      });
  },

  /** Closes an open count; undefined when it was finished already. */
  async finish(db: DbOrTx, id: number, by: number): Promise<StockTakeRow | undefined> {
    const [row] = await db
      .update(stockTakes)
      .set({ finishedAt: sql`now()`, finishedBy: by })
      .where(and(eq(stockTakes.id, id), isNull(stockTakes.finishedAt)))
      .returning();
    return row;
  },

  /** What our records expect in the zone now: parcels waiting here placed on its shelves. */
  async expectedInZone(db: DbOrTx, branchId: number, zone: string, atBranch: number) {
    return db
      .select({ orderId: parcelPlaces.orderId, locationId: parcelPlaces.locationId })
      .from(parcelPlaces)
      .innerJoin(locations, eq(locations.id, parcelPlaces.locationId))
      .innerJoin(orders, eq(orders.id, parcelPlaces.orderId))
      .where(and(eq(locations.branchId, branchId), eq(locations.zone, zone), eq(orders.statusId, atBranch), eq(orders.branchId, branchId)));
  },

  async scannedParcels(db: DbOrTx, stockTakeId: number) {
    const rows = await db
      .select({ orderId: stockTakeScans.orderId, locationId: stockTakeScans.locationId })
      .from(stockTakeScans)
      .where(and(eq(stockTakeScans.stockTakeId, stockTakeId), sql`${stockTakeScans.orderId} is not null`));
    return rows.map((r) => ({ orderId: r.orderId!, locationId: r.locationId }));
  },

  /** Parcels' state for the extra ones: status, branch and their place on this branch's shelves. */
  async parcelsState(db: DbOrTx, branchId: number, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: orders.id, statusId: orders.statusId, branchId: orders.branchId, locationId: locations.id })
      .from(orders)
      .leftJoin(parcelPlaces, eq(parcelPlaces.orderId, orders.id))
      .leftJoin(locations, and(eq(locations.id, parcelPlaces.locationId), eq(locations.branchId, branchId)))
      .where(inArray(orders.id, ids));
  },

  async addDifferences(db: DbOrTx, rows: NewDifference[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await db.insert(stockTakeDifferences).values(rows.slice(i, i + 500));
  },

  async differences(db: DbOrTx, stockTakeId: number, differenceId?: number) {
    return db
      .select({ d: stockTakeDifferences, trackCode: orders.trackCode })
      .from(stockTakeDifferences)
      .innerJoin(orders, eq(orders.id, stockTakeDifferences.orderId))
      .where(and(eq(stockTakeDifferences.stockTakeId, stockTakeId), differenceId ? eq(stockTakeDifferences.id, differenceId) : undefined))
      .orderBy(asc(stockTakeDifferences.kind), asc(stockTakeDifferences.id));
  },

  /** Decides a difference once: undefined when it was decided already. */
  async decide(db: DbOrTx, id: number, decision: NonNullable<DifferenceRow['decision']>, by: number): Promise<DifferenceRow | undefined> {
    const [row] = await db
      .update(stockTakeDifferences)
      .set({ decision, decidedBy: by, decidedAt: sql`now()` })
      .where(and(eq(stockTakeDifferences.id, id), isNull(stockTakeDifferences.decision)))
      .returning();
    return row;
  },

  /** The Missing worklist: parcels marked missing after a count, not found since and still waiting here. */
  async missing(db: DbOrTx, branchId: number, atBranch: number) {
    return db
      .select({ d: stockTakeDifferences, trackCode: orders.trackCode, clientCode: users.clientCode })
      .from(stockTakeDifferences)
      .innerJoin(stockTakes, eq(stockTakes.id, stockTakeDifferences.stockTakeId))
      .innerJoin(orders, eq(orders.id, stockTakeDifferences.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(stockTakes.branchId, branchId),
          eq(stockTakeDifferences.decision, 'mark_missing'),
          isNull(stockTakeDifferences.clearedAt),
          eq(orders.statusId, atBranch),
          eq(orders.branchId, branchId),
        ),
      )
      .orderBy(desc(stockTakeDifferences.decidedAt), desc(stockTakeDifferences.id))
      .limit(500);
  },

  async locationsById(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Map<number, typeof locations.$inferSelect>();
    const rows = await db.select().from(locations).where(inArray(locations.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },
};
