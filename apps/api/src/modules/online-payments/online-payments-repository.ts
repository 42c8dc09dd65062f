import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { TOnlineProvider, TPaymentRequestStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, orders, paymentDifferences, paymentRequests } from '../../db/schema';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL of payment requests and differences (ADR 077); this module alone writes them. */
export const onlinePaymentsRepository = {
  /** A request by id; anything that is not a UUID (a provider's garbage, a typed address) finds nothing. */
  async byId(db: DbOrTx, id: string): Promise<PaymentRequestRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, id)).limit(1);
    return row;
  },

  /** Requests by id (the coalesced reads of request-reads.ts); the ids are UUIDs. */
  async byIds(db: DbOrTx, ids: readonly string[]): Promise<PaymentRequestRow[]> {
    return db
      .select()
      .from(paymentRequests)
      .where(inArray(paymentRequests.id, [...ids]));
  },

  /**
   * THE guard of settlement: moves a request from one of `from` to `to` and answers the row, or nothing when another
   * call moved it first. The provider's reference is kept when the request had none.
   */
  async move(
    db: DbOrTx,
    id: string,
    from: readonly TPaymentRequestStatus[],
    to: TPaymentRequestStatus,
    set: { reason?: string; providerRef?: string; paidAt?: Date } = {},
  ): Promise<PaymentRequestRow | undefined> {
    const [row] = await db
      .update(paymentRequests)
      .set({
        status: to,
        ...(set.reason !== undefined ? { reason: set.reason } : {}),
        ...(set.providerRef !== undefined ? { providerRef: sql`coalesce(${paymentRequests.providerRef}, ${set.providerRef})` } : {}),
        ...(set.paidAt !== undefined ? { paidAt: set.paidAt } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentRequests.id, id), inArray(paymentRequests.status, [...from])))
      .returning();
    return row;
  },

  /**
   * The usual settlement in one statement (ADR 077): an open request of parcels moves to `paid` only while every one of
   * its parcels still waits at its branch for its customer; answers the row, or nothing (moved by another call, or
   * something is no longer owed: the caller then looks closer). Run under the customer's money lock.
   */
  async payIfWaiting(db: DbOrTx, id: string, atBranchStatusId: number, set: { providerRef: string; paidAt: Date }) {
    const waiting = sql`(select count(*) from ${orders} o
      where o.id = any(array(select (jsonb_array_elements_text(${paymentRequests.parcelIds}))::int))
        and o.user_id = ${paymentRequests.userId} and o.branch_id = ${paymentRequests.branchId} and o.status_id = ${atBranchStatusId})`;
    const [row] = await db
      .update(paymentRequests)
      .set({
        status: 'paid',
        providerRef: sql`coalesce(${paymentRequests.providerRef}, ${set.providerRef})`,
        paidAt: set.paidAt,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(paymentRequests.id, id),
          eq(paymentRequests.status, 'open'),
          isNull(paymentRequests.extensionUntil),
          sql`jsonb_array_length(${paymentRequests.parcelIds}) > 0`,
          sql`${waiting} = jsonb_array_length(${paymentRequests.parcelIds})`,
        ),
      )
      .returning();
    return row;
  },

  /**
   * `payIfWaiting` for a batch of requests (ADR 077 "Speed"), in one statement: each open request of parcels whose
   * parcels all still wait moves to `paid` with its own reference and time; answers the ids that moved. Run under
   * every one's customer money lock.
   */
  async payManyIfWaiting(
    db: DbOrTx,
    atBranchStatusId: number,
    items: { id: string; providerRef: string; paidAt: Date }[],
  ): Promise<Set<string>> {
    if (!items.length) return new Set();
    const given = JSON.stringify(items.map((i) => ({ id: i.id, ref: i.providerRef, paid_at: i.paidAt.toISOString() })));
    // The requests are found by their ids and their parcels by theirs (`= any(…)`: both primary keys). Joined only
    // through the recordset, PostgreSQL walked every open request and counted each one's parcels by scanning orders:
    // 20–120 ms a batch while 1,000 were open at once, 2 ms this way (bench/results/online-confirmations.md).
    const ids = `{${items.map((i) => i.id).join(',')}}`;
    const result = await db.execute(sql`
      update ${paymentRequests} r
         set status = 'paid', provider_ref = coalesce(r.provider_ref, v.ref), paid_at = v.paid_at, updated_at = now()
        from jsonb_to_recordset(${given}::jsonb) as v(id uuid, ref text, paid_at timestamptz)
       where r.id = any(${ids}::uuid[]) and r.id = v.id and r.status = 'open' and r.extension_until is null
         and jsonb_array_length(r.parcel_ids) > 0
         and (select count(*) from ${orders} o
               where o.id = any(array(select (jsonb_array_elements_text(r.parcel_ids))::int))
                 and o.user_id = r.user_id and o.branch_id = r.branch_id and o.status_id = ${atBranchStatusId})
             = jsonb_array_length(r.parcel_ids)
      returning r.id`);
    return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  },

  /** Links each request to its journal row (a batch's winners). */
  async setPayments(db: DbOrTx, links: Map<string, number>): Promise<void> {
    if (!links.size) return;
    const given = JSON.stringify([...links].map(([id, pid]) => ({ id, pid })));
    await db.execute(sql`
      update ${paymentRequests} r set payment_id = v.pid
        from jsonb_to_recordset(${given}::jsonb) as v(id uuid, pid bigint) where r.id = v.id`);
  },

  /** A request with its branch's name (the customer's view). */
  async withBranch(db: DbOrTx, id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select({ r: paymentRequests, branchName: branches.name })
      .from(paymentRequests)
      .innerJoin(branches, eq(branches.id, paymentRequests.branchId))
      .where(eq(paymentRequests.id, id))
      .limit(1);
    return row;
  },

  /** Requests by id with their branch's name (the coalesced reads of request-reads.ts); the ids are UUIDs. */
  async withBranches(db: DbOrTx, ids: readonly string[]) {
    return db
      .select({ r: paymentRequests, branchName: branches.name })
      .from(paymentRequests)
      .innerJoin(branches, eq(branches.id, paymentRequests.branchId))
      .where(inArray(paymentRequests.id, [...ids]));
  },

  async insert(db: DbOrTx, row: typeof paymentRequests.$inferInsert): Promise<PaymentRequestRow> {
    const [out] = await db.insert(paymentRequests).values(row).returning();
    return out!;
  },

  /** Cancels the customer's open request at a branch (a new one replaces it). */
  async cancelOpen(db: DbOrTx, userId: number, branchId: number, reason: string): Promise<void> {
    await db
      .update(paymentRequests)
      .set({ status: 'cancelled', reason, updatedAt: sql`now()` })
      .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.branchId, branchId), eq(paymentRequests.status, 'open')));
  },

  /** What the provider answered at creation. */
  async setCreated(db: DbOrTx, id: string, set: { providerRef: string | null; payUrl: string | null; qrPayload: string | null }) {
    await db
      .update(paymentRequests)
      .set({ ...set, checkedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(paymentRequests.id, id));
  },

  /** The customer's open, unexpired requests: branch id → request id. */
  async openByUser(db: DbOrTx, userId: number): Promise<Map<number, string>> {
    const rows = await db
      .select({ id: paymentRequests.id, branchId: paymentRequests.branchId })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.userId, userId),
          eq(paymentRequests.status, 'open'),
          isNull(paymentRequests.extensionUntil),
          gt(paymentRequests.expiresAt, sql`now()`),
        ),
      );
    return new Map(rows.map((r) => [r.branchId, r.id]));
  },

  /**
   * Claims the right to ask the provider about a request now: only when its last check is older than `seconds`, so
   * parallel pages and pollers ask once. Answers the row when claimed.
   */
  async claimCheck(db: DbOrTx, id: string, seconds: number): Promise<PaymentRequestRow | undefined> {
    const [row] = await db
      .update(paymentRequests)
      .set({ checkedAt: sql`now()` })
      .where(
        and(
          eq(paymentRequests.id, id),
          or(sql`${paymentRequests.checkedAt} is null`, lt(paymentRequests.checkedAt, sql`now() - make_interval(secs => ${seconds})`)),
        ),
      )
      .returning();
    return row;
  },

  /**
   * Requests of a provider that sends no callbacks, to ask about: open ones, and cancelled or expired ones with a
   * provider reference until `graceMinutes` after they expired (money paid to an old QR must not be lost). Least
   * recently checked first.
   */
  async toPoll(
    db: DbOrTx,
    provider: TOnlineProvider,
    opts: { graceMinutes: number; recheckSeconds: number; limit: number },
  ): Promise<PaymentRequestRow[]> {
    const { graceMinutes, recheckSeconds, limit } = opts;
    return db
      .select()
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.provider, provider),
          or(
            sql`${paymentRequests.checkedAt} is null`,
            lt(paymentRequests.checkedAt, sql`now() - make_interval(secs => ${recheckSeconds})`),
          ),
          or(
            eq(paymentRequests.status, 'open'),
            and(
              inArray(paymentRequests.status, ['cancelled', 'expired']),
              isNotNull(paymentRequests.providerRef),
              gt(paymentRequests.expiresAt, sql`now() - make_interval(mins => ${graceMinutes})`),
            ),
          ),
        ),
      )
      .orderBy(sql`${paymentRequests.checkedAt} asc nulls first`, asc(paymentRequests.createdAt))
      .limit(limit);
  },

  /**
   * Open requests past their time become `expired` (answers them), except those of `polled` providers: the poll
   * asks the provider first (a payment made at the last moment settles instead).
   */
  async expireOverdue(db: DbOrTx, polled: readonly TOnlineProvider[]): Promise<{ id: string; userId: number }[]> {
    const rows = await db
      .update(paymentRequests)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentRequests.status, 'open'),
          lt(paymentRequests.expiresAt, sql`now()`),
          ...(polled.length ? [notInArray(paymentRequests.provider, [...polled])] : []),
        ),
      )
      .returning({ id: paymentRequests.id, userId: paymentRequests.userId });
    return rows;
  },

  async setPayment(db: DbOrTx, id: string, paymentId: number): Promise<void> {
    await db.update(paymentRequests).set({ paymentId }).where(eq(paymentRequests.id, id));
  },

  /** How many of `ids` still wait at the branch for this customer (the request still has something to pay). */
  async waitingCount(db: DbOrTx, userId: number, branchId: number, ids: number[], atBranchStatusId: number): Promise<number> {
    if (!ids.length) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.userId, userId), eq(orders.branchId, branchId), eq(orders.statusId, atBranchStatusId)));
    return row?.n ?? 0;
  },

  /**
   * A parcel as a storage extension reads it (ADR 093), the caller's only: its branch's terms and whether it waits there
   * now; undefined when it is not theirs (404).
   */
  async parcelForExtension(db: DbOrTx, userId: number, parcelId: number) {
    const [row] = await db
      .select({
        id: orders.id,
        statusId: orders.statusId,
        branchId: orders.branchId,
        storageUntil: orders.storageUntil,
        storageFeePerDay: orders.storageFeePerDay,
      })
      .from(orders)
      .where(and(eq(orders.id, parcelId), eq(orders.userId, userId)))
      .limit(1);
    return row;
  },

  /** The customer's open, unexpired extension request of a parcel (its id), if any. */
  async openExtension(db: DbOrTx, userId: number, parcelId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.userId, userId),
          eq(paymentRequests.status, 'open'),
          isNotNull(paymentRequests.extensionUntil),
          sql`${paymentRequests.parcelIds} = ${JSON.stringify([parcelId])}::jsonb`,
          gt(paymentRequests.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row?.id;
  },

  /** Whether an extension request's parcel still waits as it did when asked (at its branch, the same last free day). */
  async extensionStillOpen(db: DbOrTx, req: PaymentRequestRow, atBranchStatusId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.id, req.parcelIds),
          eq(orders.userId, req.userId),
          eq(orders.branchId, req.branchId),
          eq(orders.statusId, atBranchStatusId),
          eq(orders.storageUntil, req.extensionFrom ?? ''),
        ),
      )
      .limit(1);
    return !!row;
  },

  /** A difference for staff (one open per request and kind: a repeat adds nothing). */
  async addDifference(
    db: DbOrTx,
    row: { requestId: string; branchId: number; provider: TOnlineProvider; kind: string; detail: Record<string, unknown> },
  ): Promise<void> {
    await db.insert(paymentDifferences).values(row).onConflictDoNothing();
  },
};

/** node-postgres and PGlite both answer { rows }; drizzle's execute type differs per driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
