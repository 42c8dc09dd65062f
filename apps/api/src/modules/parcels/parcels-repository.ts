import { and, asc, between, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { priceStepMinor } from '@portal/contract';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, orderEvents, orders, orderStatuses, parcelReaddresses, receipts, storageReminders } from '../../db/schema';
import type { LifecycleOrderRow, OwnerSource } from './parcel-types';

/**
 * The parcels module's tables, the only code that reads or writes them for the module: `orders` (the parcels),
 * `order_events` (their history), `parcel_readdresses`, `receipts` (hand-overs) and `storage_reminders`. The transitions (one file each)
 * hold the rules and call these functions inside the caller's transaction; `parcel-flows.ts` keeps the counts per day
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
export type ReceiptInsert = typeof receipts.$inferInsert;
export type ReceiptRow = typeof receipts.$inferSelect;
export type Backdated = {
  receivedAt: Date;
  dispatchedAt: Date | null;
  arrivedAt: Date | null;
  deliveredAt: Date | null;
  storageUntil: string | null;
  archivedAt: Date | null;
};

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

  /** The insurance terms and currency of branches (dispatch re-quotes with them, ADR 090). */
  async insuranceTerms(tx: DbOrTx, branchIds: number[]) {
    if (!branchIds.length) return [];
    return tx
      .select({
        id: branches.id,
        currency: branches.currency,
        rateBp: branches.insuranceRateBp,
        minPremium: branches.insuranceMinPremium,
        maxValue: branches.insuranceMaxValue,
      })
      .from(branches)
      .where(inArray(branches.id, branchIds));
  },

  /** Fixes dispatched parcels' premiums (minor units) in one statement; answers the ids written. */
  async setInsurancePremiums(tx: DbOrTx, premiums: { id: number; premium: number }[]): Promise<number[]> {
    if (!premiums.length) return [];
    const cases = sql.join(
      premiums.map((p) => sql`when ${p.id}::int then ${String(p.premium)}::bigint`),
      sql` `,
    );
    const rows = await tx
      .update(orders)
      .set({ insurancePremium: sql`case ${orders.id} ${cases} end` })
      .where(
        inArray(
          orders.id,
          premiums.map((p) => p.id),
        ),
      )
      .returning({ id: orders.id });
    return rows.map((r) => r.id);
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

  async lockReceipt(tx: Tx, id: number): Promise<ReceiptRow | undefined> {
    const [row] = await tx.select().from(receipts).where(eq(receipts.id, id)).for('update');
    return row;
  },

  /** The delivered parcels of a receipt, locked in id order. */
  async lockReceiptParcels(tx: Tx, receiptId: number, deliveredId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.receiptId, receiptId), eq(orders.statusId, deliveredId)))
      .orderBy(orders.id)
      .for('update');
    return rows.map((r) => r.id);
  },

  /** Delivered parcels back to the branch: delivered_at and the receipt cleared. */
  async backToBranch(tx: DbOrTx, ids: number[], statuses: { delivered: number; atBranch: number }, updatedAt: Date) {
    return tx
      .update(orders)
      .set({ statusId: statuses.atBranch, deliveredAt: null, receiptId: null, updatedAt })
      .where(and(inArray(orders.id, ids), eq(orders.statusId, statuses.delivered)))
      .returning(lifecycleColumns);
  },

  async markReceiptUndone(tx: DbOrTx, id: number, reason: string): Promise<void> {
    await tx.update(receipts).set({ undoneAt: new Date(), undoReason: reason }).where(eq(receipts.id, id));
  },

  /** A hand-over's receipt, and its parcels pointed at it. */
  async insertReceipt(tx: DbOrTx, values: ReceiptInsert, parcelIds: number[]): Promise<number> {
    const [receipt] = await tx.insert(receipts).values(values).returning({ id: receipts.id });
    await tx.update(orders).set({ receiptId: receipt!.id }).where(inArray(orders.id, parcelIds));
    return receipt!.id;
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

  /** Whether the customer has any parcel (the demo seed runs once). */
  async hasParcelsOf(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
    return row !== undefined;
  },

  /** Which of these codes are parcels nobody owns. */
  async unclaimedAmong(db: DbOrTx, codes: string[]): Promise<string[]> {
    const rows = await db
      .select({ code: orders.trackCode })
      .from(orders)
      .where(and(isNull(orders.userId), inArray(orders.trackCode, codes)));
    return rows.map((r) => r.code);
  },

  /**
   * Loaders only (the demo seed, test fixtures): a parcel row written as it stands after its lifecycle so far, with
   * its history. The app's own writes are the transitions; the caller counts the flows (parcelFlows).
   */
  async insertRecorded(db: DbOrTx, row: ParcelInsert, events: Omit<ParcelEventInsert, 'orderId'>[]): Promise<number> {
    const [inserted] = await db.insert(orders).values(row).returning({ id: orders.id });
    if (!inserted) throw new Error('parcel insert returned nothing');
    if (events.length) await db.insert(orderEvents).values(events.map((e) => ({ ...e, orderId: inserted.id })));
    return inserted.id;
  },

  /**
   * Loaders only (the demo seed replaying the past through the real transitions): moves a parcel's timestamps, its
   * history's times and its receipt's date back to when they happened. Call it inside parcelFlows.around.
   */
  async backdate(tx: DbOrTx, id: number, at: Backdated): Promise<void> {
    const last = at.deliveredAt ?? at.arrivedAt ?? at.dispatchedAt ?? at.receivedAt;
    const [row] = await tx
      .update(orders)
      .set({ ...at, createdAt: at.receivedAt, updatedAt: last })
      .where(eq(orders.id, id))
      .returning({ receiptId: orders.receiptId });
    const steps: [string, Date | null][] = [
      ['received', at.receivedAt],
      ['dispatched', at.dispatchedAt],
      ['arrived', at.arrivedAt],
      ['delivered', at.deliveredAt],
    ];
    for (const [action, when] of steps)
      if (when)
        await tx
          .update(orderEvents)
          .set({ at: when })
          .where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action)));
    if (row?.receiptId && at.deliveredAt)
      await tx.update(receipts).set({ createdAt: at.deliveredAt }).where(eq(receipts.id, row.receiptId));
  },

  /** How many parcels are in each status (admin/statuses). */
  async countByStatus(db: DbOrTx): Promise<Map<number, number>> {
    const rows = await db.select({ statusId: orders.statusId, n: count() }).from(orders).groupBy(orders.statusId);
    return new Map(rows.map((r) => [r.statusId, Number(r.n)]));
  },
};
