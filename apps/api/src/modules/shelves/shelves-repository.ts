import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { formatLocationCode, locationLabel, type TShelfRef } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { locations, orders, parcelPlaces, stockTakeDifferences } from '../../db/schema';

export type LocationRow = typeof locations.$inferSelect;

/** A location as answers show it. */
export function shelfRef(l: Pick<LocationRow, 'id' | 'zone' | 'rack' | 'shelf'>): TShelfRef {
  return { id: l.id, code: formatLocationCode(l.id), label: locationLabel(l), zone: l.zone, rack: l.rack, shelf: l.shelf };
}

/** Walking order: zone, rack, shelf. */
export const walkOrder = (a: Pick<LocationRow, 'zone' | 'rack' | 'shelf'>, b: Pick<LocationRow, 'zone' | 'rack' | 'shelf'>) =>
  a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : a.rack - b.rack || a.shelf - b.shelf;

/** A parcel is waiting at the branch: the only state in which its place counts (a handed-over parcel has none). */
const waitingAt = (atBranch: number, branchId: number) => and(eq(orders.statusId, atBranch), eq(orders.branchId, branchId));

/** The one module that writes locations, parcel_places and the stock-take tables (TABLE_OWNERS). */
export const shelvesRepository = {
  async location(db: DbOrTx, branchId: number, id: number): Promise<LocationRow | undefined> {
    const [row] = await db
      .select()
      .from(locations)
      .where(and(eq(locations.id, id), eq(locations.branchId, branchId)))
      .limit(1);
    return row;
  },

  async locationByName(db: DbOrTx, branchId: number, p: { zone: string; rack: number; shelf: number }): Promise<LocationRow | undefined> {
    const [row] = await db
      .select()
      .from(locations)
      .where(and(eq(locations.branchId, branchId), eq(locations.zone, p.zone), eq(locations.rack, p.rack), eq(locations.shelf, p.shelf)))
      .limit(1);
    return row;
  },

  /** Every shelf of a branch in walking order, with the parcels waiting on each. */
  async locationsWithCounts(db: DbOrTx, branchId: number, atBranch: number, opts: { activeOnly?: boolean } = {}) {
    const rows = await db
      .select({ l: locations, parcels: count(orders.id) })
      .from(locations)
      .leftJoin(parcelPlaces, eq(parcelPlaces.locationId, locations.id))
      .leftJoin(orders, and(eq(orders.id, parcelPlaces.orderId), waitingAt(atBranch, branchId)))
      .where(and(eq(locations.branchId, branchId), opts.activeOnly ? eq(locations.active, true) : undefined))
      .groupBy(locations.id)
      .orderBy(asc(locations.zone), asc(locations.rack), asc(locations.shelf));
    return rows.map((r) => ({ ...r.l, parcels: r.parcels }));
  },

  async zones(db: DbOrTx, branchId: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ zone: locations.zone })
      .from(locations)
      .where(and(eq(locations.branchId, branchId), eq(locations.active, true)))
      .orderBy(asc(locations.zone));
    return rows.map((r) => r.zone);
  },

  /** Creates the shelves that do not exist and makes deactivated ones active again; counts each. */
  async createLocations(db: DbOrTx, rows: { branchId: number; zone: string; rack: number; shelf: number }[]) {
    if (!rows.length) return { created: 0, reactivated: 0 };
    const done = await db
      .insert(locations)
      .values(rows)
      .onConflictDoUpdate({
        target: [locations.branchId, locations.zone, locations.rack, locations.shelf],
        set: { active: true },
        setWhere: eq(locations.active, false),
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const created = done.filter((r) => r.inserted).length;
    return { created, reactivated: done.length - created };
  },

  async setActive(db: DbOrTx, branchId: number, id: number, active: boolean): Promise<LocationRow | undefined> {
    const [row] = await db
      .update(locations)
      .set({ active })
      .where(and(eq(locations.id, id), eq(locations.branchId, branchId)))
      .returning();
    return row;
  },

  /** The places of parcels (this branch's shelves only). */
  async placesOf(db: DbOrTx, branchId: number, orderIds: number[]): Promise<Map<number, LocationRow>> {
    if (!orderIds.length) return new Map();
    const rows = await db
      .select({ orderId: parcelPlaces.orderId, l: locations })
      .from(parcelPlaces)
      .innerJoin(locations, eq(locations.id, parcelPlaces.locationId))
      .where(and(inArray(parcelPlaces.orderId, orderIds), eq(locations.branchId, branchId)));
    return new Map(rows.map((r) => [r.orderId, r.l]));
  },

  /**
   * The active shelves of a branch in walking order with the places kept on each: the suggestion's fill. Counted from
   * the places alone (one index range per shelf), without reading the parcels: the hand-over releases places and a
   * placement prunes its shelf, so what is kept is what waits, near enough for choosing the emptiest shelf.
   */
  async activeFill(db: DbOrTx, branchId: number) {
    const rows = await db
      .select({
        l: locations,
        parcels: sql<number>`(select count(*) from ${parcelPlaces} pp where pp.location_id = ${locations.id})`.mapWith(Number),
      })
      .from(locations)
      .where(and(eq(locations.branchId, branchId), eq(locations.active, true)))
      .orderBy(asc(locations.zone), asc(locations.rack), asc(locations.shelf));
    return rows.map((r) => ({ ...r.l, parcels: r.parcels }));
  },

  async unplaceMany(db: DbOrTx, orderIds: number[]): Promise<void> {
    if (orderIds.length) await db.delete(parcelPlaces).where(inArray(parcelPlaces.orderId, orderIds));
  },

  /** For each owner, the active shelves their other parcels waiting here sit on, with how many. */
  async ownersShelves(db: DbOrTx, branchId: number, atBranch: number, userIds: number[], exceptOrderIds: number[]) {
    if (!userIds.length) return [];
    return db
      .select({ userId: orders.userId, location: locations, n: count() })
      .from(orders)
      .innerJoin(parcelPlaces, eq(parcelPlaces.orderId, orders.id))
      .innerJoin(locations, and(eq(locations.id, parcelPlaces.locationId), eq(locations.active, true), eq(locations.branchId, branchId)))
      .where(
        and(
          inArray(orders.userId, userIds),
          waitingAt(atBranch, branchId),
          sql`${orders.archivedAt} is null`,
          exceptOrderIds.length ? notInArray(orders.id, exceptOrderIds) : undefined,
        ),
      )
      .groupBy(orders.userId, locations.id);
  },

  /** Parcels waiting here with no place on this branch's shelves, newest arrival first. */
  async unshelved(db: DbOrTx, branchId: number, atBranch: number, limit: number) {
    const noPlace = sql`not exists (select 1 from ${parcelPlaces} pp join ${locations} l on l.id = pp.location_id
      where pp.order_id = ${orders.id} and l.branch_id = ${branchId})`;
    const where = and(waitingAt(atBranch, branchId), noPlace);
    const rows = await db
      .select({ id: orders.id, trackCode: orders.trackCode, userId: orders.userId, arrivedAt: orders.arrivedAt })
      .from(orders)
      .where(where)
      .orderBy(sql`${orders.arrivedAt} desc nulls last`, sql`${orders.id} desc`)
      .limit(limit);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * The parcel's one place: insert, or overwrite the place another clerk wrote a moment ago (the row lock orders two
   * simultaneous writes; the later one is what stays). Answers the place it had before, read under the same lock.
   */
  async place(db: DbOrTx, orderId: number, locationId: number, by: number | null): Promise<void> {
    await db
      .insert(parcelPlaces)
      .values({ orderId, locationId, placedBy: by })
      .onConflictDoUpdate({ target: parcelPlaces.orderId, set: { locationId, placedBy: by, placedAt: sql`now()` } });
  },

  async unplace(db: DbOrTx, orderId: number): Promise<void> {
    await db.delete(parcelPlaces).where(eq(parcelPlaces.orderId, orderId));
  },

  /** Places left by parcels that no longer wait here (handed over, re-addressed), on one shelf: kept small as it fills. */
  async pruneShelf(db: DbOrTx, locationId: number, branchId: number, atBranch: number): Promise<void> {
    await db
      .delete(parcelPlaces)
      .where(
        and(
          eq(parcelPlaces.locationId, locationId),
          sql`not exists (select 1 from ${orders} o where o.id = ${parcelPlaces.orderId} and o.status_id = ${atBranch} and o.branch_id = ${branchId})`,
        ),
      );
  },

  /** A parcel placed on a shelf again is found: it leaves the Missing worklist. */
  async clearMissing(db: DbOrTx, orderId: number): Promise<void> {
    await db
      .update(stockTakeDifferences)
      .set({ clearedAt: sql`now()` })
      .where(
        and(
          eq(stockTakeDifferences.orderId, orderId),
          eq(stockTakeDifferences.decision, 'mark_missing'),
          sql`${stockTakeDifferences.clearedAt} is null`,
        ),
      );
  },
};
