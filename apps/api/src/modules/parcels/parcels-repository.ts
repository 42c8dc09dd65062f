import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { priceStepMinor } from '@portal/contract';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx, Tx } from '../../db/client';
import { orderEvents, orders, parcelReaddresses } from '../../db/schema';
import type { LifecycleOrderRow, OwnerSource } from './parcel-types';

/**
 * The parcels themselves: `orders` and their history (`order_events`, `parcel_readdresses`), read and written only
 * here and by the module's other repositories — hand-overs' receipts (`parcel-receipts-repository.ts`), dispatch's
 * insurance premiums (`insurance-repository.ts`), storage reminders (`storage-reminders-repository.ts`) and the
 * loaders' writes of the seed and fixtures (`parcel-loaders-repository.ts`). The transitions (one file each) hold
 * the rules and call these functions inside the caller's transaction; `parcel-flows.ts` keeps the counts per day
 * beside them. Every write that changes a parcel answers `lifecycleColumns`.
 */

/** The columns a transition answers with: enough for events, notifications and claims. */
export const lifecycleColumns = {
  id: orders.id,
  userId: orders.userId,
  branchId: orders.branchId,
  statusId: orders.statusId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  /** Minor units, fixed at dispatch (ADR 090): charged with the price. */
  insurancePremium: orders.insurancePremium,
  currency: orders.currency,
  storageUntil: orders.storageUntil,
  storageFeePerDay: orders.storageFeePerDay,
  tariff: orders.tariff,
  /** What the chargeable weight is made of (the hand-over records it on the receipt's lines). */
  dimensions: orders.dimensions,
  volumetricWeight: orders.volumetricWeight,
  volumetricDivisor: orders.volumetricDivisor,
};

export type ParcelRow = typeof orders.$inferSelect;
export type ParcelInsert = typeof orders.$inferInsert;
export type ParcelSet = PgUpdateSetSource<typeof orders>;
export type ParcelEventInsert = typeof orderEvents.$inferInsert;

/**
 * Lock keys (pg_advisory_xact_lock(class, id), ADR 021): receipts as a whole (an import commit holds it exclusively,
 * the work on one code shares it) and one tracking code (hashtext).
 */
const LOCK_RECEIPTS = 1201;
const LOCK_TRACK_CODE = 1202;

/** The branch a new owner's parcel is addressed to: theirs while it is at the China warehouse (or has none). */
const ownersBranch = (branchId: number | null, chinaWarehouseId: number) =>
  branchId === null
    ? orders.branchId
    : sql`case when ${orders.statusId} = ${chinaWarehouseId} or ${orders.branchId} is null then ${branchId}::integer else ${orders.branchId} end`;

export const parcelsRepository = {
  async lockCode(tx: DbOrTx, code: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_RECEIPTS}, 0)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_TRACK_CODE}, hashtext(${code}))`);
  },

  async lockAllCodes(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RECEIPTS}, 0)`);
  },

  /** New parcels, 1,000 per statement; a code that already is a parcel is skipped (the unique index decides races). */
  async insertNew(tx: DbOrTx, rows: ParcelInsert[]): Promise<LifecycleOrderRow[]> {
    const out: LifecycleOrderRow[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await tx
        .insert(orders)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing({ target: orders.trackCode })
        .returning(lifecycleColumns);
      out.push(...inserted);
    }
    return out;
  },

  /** Moves the parcels matching `where` from status `fromId` to `toId` (the guarded UPDATE that decides races). */
  async move(tx: DbOrTx, fromId: number, toId: number, where: SQL, set: ParcelSet): Promise<LifecycleOrderRow[]> {
    return tx
      .update(orders)
      .set({ ...set, statusId: toId, updatedAt: new Date() })
      .where(and(where, eq(orders.statusId, fromId)))
      .returning(lifecycleColumns);
  },

  /** Owned parcels among `where`, on the flight's branches when there is one (dispatch's choice). */
  dispatchable(where: SQL, flightBranchIds?: number[]): SQL {
    return and(where, isNotNull(orders.userId), flightBranchIds ? inArray(orders.branchId, flightBranchIds) : undefined)!;
  },

  byIds(ids: number[]): SQL {
    return inArray(orders.id, ids);
  },

  /** A customer's parcels at a branch (all, or exactly `ids`). */
  ofCustomerAt(userId: number, branchId: number, ids?: number[]): SQL {
    return and(eq(orders.userId, userId), eq(orders.branchId, branchId), ...(ids ? [inArray(orders.id, ids)] : []))!;
  },

  /**
   * What arrival sets: the branch, its tariff (minor units per kg) and currency, and the price in minor units: the
   * chargeable kg × the tariff as an exact numeric, rounded half up once to the currency's price step (the contract's
   * chargedPriceMinor: whole tenge and som, the smallest coin otherwise).
   */
  arrivalSet(
    branch: { id: number; tariff: number; currency: string; storageFeePerDay?: number },
    storageUntil: string,
    now: Date,
  ): ParcelSet {
    const step = priceStepMinor(branch.currency);
    return {
      branchId: branch.id,
      tariff: branch.tariff,
      currency: branch.currency,
      // Rounded once, half up, to the currency's price step (the contract's chargedPriceMinor; ADR 072).
      price: sql`(round(greatest(${orders.weight}, coalesce(${orders.volumetricWeight}, 0)) * ${String(branch.tariff)}::bigint / ${String(step)}::bigint) * ${String(step)}::bigint)::bigint`,
      arrivedAt: now,
      storageUntil,
      // The fee in force at arrival stays the parcel's (ADR 073): an admin's later change is for later arrivals.
      storageFeePerDay: branch.storageFeePerDay ?? 0,
    };
  },

  /** Gives an unclaimed parcel to a customer; null when it is owned or disputed by now. */
  async claim(tx: DbOrTx, id: number, user: { id: number; branchId: number | null }, source: OwnerSource, chinaWarehouseId: number) {
    const [row] = await tx
      .update(orders)
      .set({ userId: user.id, branchId: ownersBranch(user.branchId, chinaWarehouseId), ownerSource: source, updatedAt: new Date() })
      .where(and(eq(orders.id, id), isNull(orders.userId), isNull(orders.disputedAt)))
      .returning(lifecycleColumns);
    return row ?? null;
  },

  /** Takes a parcel its owner has only by saving the code (not delivered) back and holds it as disputed. */
  async holdDisputed(tx: DbOrTx, id: number, ownerId: number, deliveredId: number): Promise<LifecycleOrderRow | null> {
    const [row] = await tx
      .update(orders)
      .set({ userId: null, ownerSource: null, disputedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.userId, ownerId),
          eq(orders.ownerSource, 'saved_track'),
          isNull(orders.disputedAt),
          ne(orders.statusId, deliveredId),
        ),
      )
      .returning(lifecycleColumns);
    return row ?? null;
  },

  /** A disputed parcel to a customer (owner source 'staff'); null when it is no longer disputed and unowned. */
  async assignDisputed(tx: DbOrTx, id: number, user: { id: number; branchId: number | null }, chinaWarehouseId: number) {
    const [row] = await tx
      .update(orders)
      .set({
        userId: user.id,
        branchId: ownersBranch(user.branchId, chinaWarehouseId),
        ownerSource: 'staff',
        disputedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, id), isNull(orders.userId), isNotNull(orders.disputedAt)))
      .returning(lifecycleColumns);
    return row ?? null;
  },

  /** A disputed parcel back to the unclaimed ones; null when it is no longer disputed and unowned. */
  async releaseDisputed(tx: DbOrTx, id: number): Promise<LifecycleOrderRow | null> {
    const [row] = await tx
      .update(orders)
      .set({ disputedAt: null, updatedAt: new Date() })
      .where(and(eq(orders.id, id), isNull(orders.userId), isNotNull(orders.disputedAt)))
      .returning(lifecycleColumns);
    return row ?? null;
  },

  /** One parcel's whole row (undefined when unknown). */
  async findOne(db: DbOrTx, id: number): Promise<ParcelRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  },

  /** The parcels with these codes, locked for update (arrival decides on them). */
  async lockByCodes(tx: DbOrTx, codes: string[]): Promise<ParcelRow[]> {
    return tx.select().from(orders).where(inArray(orders.trackCode, codes)).for('update');
  },

  /** One parcel's whole row, locked for update (a correction). */
  async lockOne(tx: Tx, id: number): Promise<ParcelRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  /** A correction's write: only while the status is still `statusId`; undefined otherwise. */
  async correctOne(tx: DbOrTx, id: number, statusId: number, set: ParcelSet): Promise<LifecycleOrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set(set)
      .where(and(eq(orders.id, id), eq(orders.statusId, statusId)))
      .returning(lifecycleColumns);
    return row;
  },

  /** History rows (one statement with one parameter, however many). */
  async insertEvents(tx: DbOrTx, rows: ParcelEventInsert[]): Promise<void> {
    await bulkInsert(tx, orderEvents, rows);
  },

  async insertReaddresses(tx: DbOrTx, rows: (typeof parcelReaddresses.$inferInsert)[]): Promise<void> {
    if (rows.length) await tx.insert(parcelReaddresses).values(rows);
  },

  /** The customer names their parcel (their own only). */
  async rename(tx: DbOrTx, userId: number, id: number, name: string): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    return rows.length > 0;
  },

  async nameIfEmpty(tx: DbOrTx, id: number, name: string): Promise<void> {
    await tx
      .update(orders)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.name, '')));
  },

  /** Archives the customer's parcel (keeping the first time) or brings it back. */
  async setArchived(tx: DbOrTx, userId: number, id: number, archived: boolean): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set({ archivedAt: archived ? sql`coalesce(${orders.archivedAt}, now())` : null, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    return rows.length > 0;
  },

  /** Owned parcels of a flight still on their way to these branches, in id order (a delay's history and messages). */
  async onFlight(tx: DbOrTx, flightId: number, inTransitId: number, branchIds: number[]) {
    return tx
      .select({ id: orders.id, userId: orders.userId, branchId: orders.branchId, trackCode: orders.trackCode })
      .from(orders)
      .where(
        and(eq(orders.flightId, flightId), eq(orders.statusId, inTransitId), isNotNull(orders.userId), inArray(orders.branchId, branchIds)),
      )
      .orderBy(asc(orders.id));
  },

  /** Per flight and branch: parcels on it and how many of them arrived (at_branch or delivered). */
  async flightCounts(db: DbOrTx, flightIds: number[], arrivedIds: [number, number]) {
    return db
      .select({
        flightId: orders.flightId,
        branchId: orders.branchId,
        parcels: count(),
        arrived: sql<number>`count(*) filter (where ${orders.statusId} in (${arrivedIds[0]}, ${arrivedIds[1]}))`.mapWith(Number),
      })
      .from(orders)
      .where(inArray(orders.flightId, flightIds))
      .groupBy(orders.flightId, orders.branchId);
  },

  /** How many parcels are in each status (admin/statuses). */
  async countByStatus(db: DbOrTx): Promise<Map<number, number>> {
    const rows = await db.select({ statusId: orders.statusId, n: count() }).from(orders).groupBy(orders.statusId);
    return new Map(rows.map((r) => [r.statusId, Number(r.n)]));
  },
};
