import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, type TBalance, type TByMethod } from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { charges, payments, revenueDays } from '../../db/schema';
import { addToBalances, addToRevenue, balanceUpserts, revenueUpsert } from './kept-sums';

const reversal = alias(payments, 'pay_reversal');

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Lock keys (pg_advisory_xact_lock(class, id)): one customer's money, one branch's business day. Order: customer → branch. */
const LOCK_CUSTOMER = 1401;
const LOCK_BRANCH_DAY = 1402;

export const emptyByMethod = (): TByMethod => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as TByMethod;

/**
 * The journal's SQL (ADR 060): charges and payments, each write moving the kept sums beside it (kept-sums.ts) in the
 * same transaction, and the money locks every write takes. The journal as people read it: money-views-repository.ts.
 */
export const paymentsRepository = {
  async lockCustomer(tx: Tx, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CUSTOMER}, ${userId})`);
  },
  /**
   * The branch's business day, exclusively: the close of day (no payment is being written at the branch meanwhile, so
   * the sums it reads are final and later payments see the day closed).
   */
  async lockBranchDay(tx: Tx, branchId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BRANCH_DAY}, ${branchId})`);
  },
  /**
   * The branch's business day, shared: every write of payments at the branch. Writers need only that the day does not
   * close under them, not each other's absence, so a branch's payments are written side by side (1,000 online
   * confirmations at one branch were one at a time under the exclusive lock: bench/results/online-confirmations.md).
   */
  async lockBranchDayShared(tx: Tx, branchId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_BRANCH_DAY}, ${branchId})`);
  },
  /** Both locks of a write that moves a customer's money at a branch, in the fixed order (customer, then branch day, shared). */
  async lockCustomerAndBranchDay(tx: Tx, userId: number, branchId: number): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_CUSTOMER}, ${userId}), pg_advisory_xact_lock_shared(${LOCK_BRANCH_DAY}, ${branchId})`,
    );
  },

  /**
   * Several customers' money locks, then their branches' days shared (a batch of online settlements, ADR 077): the
   * customers in id order, so two batches never wait on each other crosswise; every customer before any branch day,
   * as each single write takes them.
   */
  async lockCustomersAndBranchDays(tx: Tx, userIds: number[], branchIds: number[]): Promise<void> {
    const list = (ids: number[]) =>
      sql.raw(
        [...new Set(ids)]
          .sort((a, b) => a - b)
          .map((id) => String(Math.trunc(id)))
          .join(','),
      );
    await tx.execute(sql`
      select (select count(pg_advisory_xact_lock(${LOCK_CUSTOMER}, u)) from (select u from unnest(array[${list(userIds)}]::int[]) u order by u) c) customers,
             (select count(pg_advisory_xact_lock_shared(${LOCK_BRANCH_DAY}, b)) from (select b from unnest(array[${list(branchIds)}]::int[]) b order by b) d) days`);
  },

  /** Balances per currency: charges − payments (reversals are negative payments, so they add back). */
  async balances(db: DbOrTx, userId: number): Promise<TBalance[]> {
    const rows = await db.execute(sql`
      select currency, sum(amount)::bigint::text as balance from (
        select currency, amount from ${charges} where user_id = ${userId}
        union all
        select currency, -amount from ${payments} where user_id = ${userId}
      ) m group by currency order by currency`);
    return rowsOf<{ currency: string; balance: string }>(rows).map((r) => ({ currency: r.currency, balance: Number(r.balance) }));
  },

  async balance(db: DbOrTx, userId: number, currency: string): Promise<number> {
    return (await this.balances(db, userId)).find((b) => b.currency === currency)?.balance ?? 0;
  },

  /**
   * Loaders only (the demo seed replaying past hand-overs through the real one): a receipt's charge and payments dated
   * when it happened, in that day's business date, the kept revenue moved from the day they were written on.
   */
  async backdateReceipt(tx: Tx, receiptId: number, at: Date, businessDate: string): Promise<void> {
    const rows = await tx.select().from(payments).where(eq(payments.receiptId, receiptId));
    await tx.update(charges).set({ createdAt: at }).where(eq(charges.receiptId, receiptId));
    if (!rows.length) return;
    await addToRevenue(tx, rows, -1);
    await tx.update(payments).set({ createdAt: at, businessDate }).where(eq(payments.receiptId, receiptId));
    await addToRevenue(
      tx,
      rows.map((r) => ({ ...r, businessDate })),
    );
    await tx.delete(revenueDays).where(and(eq(revenueDays.n, 0), eq(revenueDays.branchId, rows[0]!.branchId)));
  },

  async insertCharge(tx: Tx, row: typeof charges.$inferInsert): Promise<void> {
    await tx.insert(charges).values(row);
    await addToBalances(tx, [{ userId: row.userId, branchId: row.branchId, currency: row.currency, amount: row.amount }]);
  },

  /**
   * A hand-over's charge and the payments taken with it, the kept balances moved once by their net amount (a paid
   * hand-over leaves the balance where it was: two upserts instead of four).
   */
  async insertHandover(tx: Tx, charge: typeof charges.$inferInsert, rows: NewPayment[]): Promise<void> {
    await tx.insert(charges).values(charge);
    if (rows.length) {
      await tx.insert(payments).values(rows);
      await addToRevenue(tx, rows);
    }
    await addToBalances(tx, [
      { userId: charge.userId, branchId: charge.branchId, currency: charge.currency, amount: charge.amount },
      ...rows.map((r) => ({ userId: r.userId, branchId: r.branchId, currency: r.currency, amount: -r.amount })),
    ]);
  },

  /**
   * Journal rows with their kept sums (revenue of their day, the customers' balances and totals) in ONE statement: the
   * same writes as `insertPayments`, as data-modifying CTEs. The online settlement's hot path (ADR 077: 1,000 card
   * payments at once paid a round trip per write; a batch of them is one statement too). Answers the ids, row by row.
   */
  async insertPayment(tx: Tx, row: NewPayment): Promise<number> {
    return (await this.insertPaymentsAtOnce(tx, [row]))[0]!.id;
  },

  async insertPaymentsAtOnce(tx: Tx, rows: NewPayment[]): Promise<{ id: number; requestId: string | null }[]> {
    if (!rows.length) return [];
    const inserted = tx.insert(payments).values(rows).returning({ id: payments.id, requestId: payments.requestId });
    const [balances, totals] = balanceUpserts(
      tx,
      rows.map((r) => ({ userId: r.userId, branchId: r.branchId, currency: r.currency, amount: -r.amount })),
    );
    const revenue = revenueUpsert(tx, rows);
    const result = await tx.execute(sql`
      with p as (${inserted.getSQL()}),
           b as (${balances.getSQL()}),
           t as (${totals.getSQL()}),
           r as (${revenue.getSQL()})
      select id, request_id from p order by id`);
    return rowsOf<{ id: number | string; request_id: string | null }>(result).map((r) => ({ id: Number(r.id), requestId: r.request_id }));
  },

  async insertPayments(tx: Tx, rows: NewPayment[]): Promise<number[]> {
    if (!rows.length) return [];
    const out = await tx.insert(payments).values(rows).returning({ id: payments.id });
    await addToRevenue(tx, rows);
    await addToBalances(
      tx,
      rows.map((r) => ({ userId: r.userId, branchId: r.branchId, currency: r.currency, amount: -r.amount })),
    );
    return out.map((r) => r.id);
  },

  /** A receipt's charges not reversed yet (a reversal is a negative charge naming its charge). */
  async openChargesOfReceipt(db: DbOrTx, receiptId: number): Promise<(typeof charges.$inferSelect)[]> {
    const undone = alias(charges, 'charge_reversal');
    const rows = await db
      .select({ c: charges })
      .from(charges)
      .leftJoin(undone, eq(undone.reversesId, charges.id))
      .where(and(eq(charges.receiptId, receiptId), isNull(charges.reversesId), isNull(undone.id)))
      .orderBy(asc(charges.id));
    return rows.map((r) => r.c);
  },

  /** A receipt's payments (not reversals) that were not reversed yet. */
  async openPaymentsOfReceipt(db: DbOrTx, receiptId: number): Promise<PaymentRow[]> {
    const rows = await db
      .select({ p: payments })
      .from(payments)
      .leftJoin(reversal, eq(reversal.reversesId, payments.id))
      .where(and(eq(payments.receiptId, receiptId), isNull(payments.reversesId), isNull(reversal.id)))
      .orderBy(asc(payments.id));
    return rows.map((r) => r.p);
  },

  async byId(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async isReversed(db: DbOrTx, paymentId: number): Promise<boolean> {
    const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reversesId, paymentId)).limit(1);
    return !!row;
  },
};

/** node-postgres answers { rows }, PGlite { rows } too; drizzle's execute type differs per driver. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
