import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PAYMENT_METHODS,
  pickText,
  type TBalance,
  type TByMethod,
  type TLang,
  type TMoneyHistoryItem,
  type TPayment,
  type TJournalMethod,
  type TOnlineProvider,
} from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, charges, customerBalances, customerTotals, payments, revenueDays, users } from '../../db/schema';

const staff = alias(users, 'pay_staff');
const reversal = alias(payments, 'pay_reversal');

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Lock keys (pg_advisory_xact_lock(class, id)): one customer's money, one branch's business day. Order: customer → branch. */
const LOCK_CUSTOMER = 1401;
const LOCK_BRANCH_DAY = 1402;

export const emptyByMethod = (): TByMethod => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as TByMethod;

/** Moves the kept balances by the journal rows just written (one row per customer, branch and currency). */
async function addToBalances(tx: Tx, moves: { userId: number; branchId: number; currency: string; amount: number }[]): Promise<void> {
  for (const upsert of balanceUpserts(tx, moves)) await upsert;
}

/** The two upserts of `addToBalances` (the customer's balance at each branch, then their totals), not yet run. */
function balanceUpserts(tx: Tx, moves: { userId: number; branchId: number; currency: string; amount: number }[]) {
  const sums = new Map<string, { userId: number; branchId: number; currency: string; balance: number }>();
  for (const m of moves) {
    const key = `${m.userId}:${m.branchId}:${m.currency}`;
    const had = sums.get(key);
    if (had) had.balance += m.amount;
    else sums.set(key, { userId: m.userId, branchId: m.branchId, currency: m.currency, balance: m.amount });
  }
  const values = [...sums.values()].sort((a, b) => a.branchId - b.branchId || a.currency.localeCompare(b.currency));
  const balances = tx
    .insert(customerBalances)
    .values(values.map((v) => ({ ...v, lastAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [customerBalances.userId, customerBalances.branchId, customerBalances.currency],
      set: { balance: sql`${customerBalances.balance} + excluded.balance`, lastAt: sql`now()` },
    });
  // The same moves summed over branches: the customer's total per currency (the debtors worklist of every branch).
  const totals = new Map<string, { userId: number; currency: string; balance: number }>();
  for (const v of values) {
    const key = `${v.userId}:${v.currency}`;
    const had = totals.get(key);
    if (had) had.balance += v.balance;
    else totals.set(key, { userId: v.userId, currency: v.currency, balance: v.balance });
  }
  const kept = tx
    .insert(customerTotals)
    .values(
      [...totals.values()]
        .sort((a, b) => a.userId - b.userId || a.currency.localeCompare(b.currency))
        .map((v) => ({ ...v, lastAt: sql`now()` })),
    )
    .onConflictDoUpdate({
      target: [customerTotals.userId, customerTotals.currency],
      set: { balance: sql`${customerTotals.balance} + excluded.balance`, lastAt: sql`now()` },
    });
  return [balances, kept] as const;
}

/**
 * Moves the kept revenue per business day, branch, method, provider (online money; '' at the counter) and currency by the journal rows just written (one upsert,
 * rows in key order; ADR 061). Payments are written under the branch's day lock, so the rows of one branch never wait
 * on each other crosswise.
 */
async function addToRevenue(tx: Tx, rows: NewPayment[], sign: 1 | -1 = 1): Promise<void> {
  await revenueUpsert(tx, rows, sign);
}

/** The upsert of `addToRevenue`, not yet run. */
function revenueUpsert(tx: Tx, rows: NewPayment[], sign: 1 | -1 = 1) {
  const sums = new Map<
    string,
    {
      businessDate: string;
      branchId: number;
      method: TJournalMethod;
      provider: TOnlineProvider | '';
      currency: string;
      amount: number;
      n: number;
    }
  >();
  for (const r of rows) {
    const provider = r.provider ?? '';
    const key = `${r.businessDate}|${r.branchId}|${r.method}|${provider}|${r.currency}`;
    const had = sums.get(key);
    if (had) {
      had.amount += sign * r.amount;
      had.n += sign;
    } else
      sums.set(key, {
        businessDate: r.businessDate,
        branchId: r.branchId,
        method: r.method,
        provider,
        currency: r.currency,
        amount: sign * r.amount,
        n: sign,
      });
  }
  const values = [...sums.values()].sort(
    (a, b) =>
      a.businessDate.localeCompare(b.businessDate) ||
      a.branchId - b.branchId ||
      a.method.localeCompare(b.method) ||
      a.provider.localeCompare(b.provider) ||
      a.currency.localeCompare(b.currency),
  );
  return tx
    .insert(revenueDays)
    .values(values)
    .onConflictDoUpdate({
      target: [revenueDays.businessDate, revenueDays.branchId, revenueDays.method, revenueDays.provider, revenueDays.currency],
      set: { amount: sql`${revenueDays.amount} + excluded.amount`, n: sql`${revenueDays.n} + excluded.n` },
    });
}

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

  /**
   * Recomputes the kept sums (balances and revenue per day) from the journal, as the migrations that made them did.
   * For loaders that write the journal around this module (the dashboard bench's generate_series); the app never needs it.
   */
  async rebuildKeptSums(db: DbOrTx): Promise<void> {
    await db.execute(sql`delete from customer_balances`);
    await db.execute(sql`
      insert into customer_balances (user_id, branch_id, currency, balance, last_at)
      select user_id, branch_id, currency, sum(amount), max(created_at) from (
        select user_id, branch_id, currency, amount, created_at from charges
        union all
        select user_id, branch_id, currency, -amount, created_at from payments
      ) m group by user_id, branch_id, currency`);
    await db.execute(sql`delete from customer_totals`);
    await db.execute(sql`
      insert into customer_totals (user_id, currency, balance, last_at)
      select user_id, currency, sum(balance), max(last_at) from customer_balances group by user_id, currency`);
    await db.execute(sql`delete from revenue_days`);
    await db.execute(sql`
      insert into revenue_days (business_date, branch_id, method, provider, currency, amount, n)
      select business_date, branch_id, method, coalesce(provider, ''), currency, sum(amount), count(*)::int from payments
       group by business_date, branch_id, method, coalesce(provider, ''), currency`);
  },

  async byId(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async isReversed(db: DbOrTx, paymentId: number): Promise<boolean> {
    const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.reversesId, paymentId)).limit(1);
    return !!row;
  },

  /** Payments with their branch, staff and whether they were reversed. */
  async paymentViews(
    db: DbOrTx,
    where: { ids?: number[]; receiptId?: number; branchId?: number; date?: string },
    lang: TLang,
  ): Promise<TPayment[]> {
    const conds = [
      where.ids ? inArray(payments.id, where.ids.length ? where.ids : [-1]) : undefined,
      where.receiptId !== undefined
        ? // A receipt's payments, and the online payments (with their refunds) that paid its parcels ahead (ADR 077): the
          // customer's online rows whose request named any of the receipt's parcels; they carry no receipt id.
          sql`(${payments.receiptId} = ${where.receiptId} or (${payments.method} = 'online' and exists (
            select 1 from receipts rc join payment_requests q on q.id = ${payments.requestId}
             where rc.id = ${where.receiptId} and rc.user_id = ${payments.userId}
               and exists (select 1 from jsonb_array_elements(rc.items) i
                            where (i->>'order_id')::bigint in (select jsonb_array_elements_text(q.parcel_ids)::bigint)))))`
        : undefined,
      where.branchId !== undefined ? eq(payments.branchId, where.branchId) : undefined,
      where.date !== undefined ? eq(payments.businessDate, where.date) : undefined,
    ].filter(Boolean);
    const rows = await db
      .select({
        p: payments,
        branchName: branches.name,
        first: staff.firstName,
        last: staff.lastName,
        reversedBy: reversal.id,
        // An online payment's refunds through the provider so far (ADR 077); 0 for every other row.
        refunded: sql<string>`case when ${payments.method} = 'online' and ${payments.amount} > 0
          then (select coalesce(-sum(r.amount), 0) from payments r where r.refunds_id = ${payments.id}) else 0 end::bigint::text`,
      })
      .from(payments)
      .innerJoin(branches, eq(branches.id, payments.branchId))
      .leftJoin(staff, eq(staff.id, payments.staffUserId))
      .leftJoin(reversal, eq(reversal.reversesId, payments.id))
      .where(and(...conds))
      .orderBy(asc(payments.id))
      .limit(5000);
    return rows.map(({ p, branchName, first, last, reversedBy, refunded }) => ({
      id: p.id,
      kind: p.refundsId !== null ? ('refund' as const) : p.reversesId === null ? ('payment' as const) : ('reversal' as const),
      method: p.method,
      amount: p.amount,
      currency: p.currency,
      branch: { id: p.branchId, name: pickText(branchName, lang) },
      customer_id: p.userId,
      staff: p.staffUserId === null ? null : { id: p.staffUserId, name: `${first ?? ''} ${last ?? ''}`.trim() },
      provider: p.provider,
      provider_ref: p.providerRef,
      receipt_id: p.receiptId,
      business_date: p.businessDate,
      reverses_id: p.reversesId,
      reversed_by_id: reversedBy ?? null,
      refunds_id: p.refundsId,
      refunded: Number(refunded),
      reason: p.reason,
      created_at: p.createdAt.toISOString(),
    }));
  },

  /** A customer's last `limit` money events (charges and payments), newest first. */
  async history(db: DbOrTx, userId: number, lang: TLang, limit = 100): Promise<TMoneyHistoryItem[]> {
    type H = {
      kind: 'charge' | 'charge_reversal' | 'payment' | 'reversal' | 'compensation';
      id: string;
      amount: string;
      currency: string;
      method: TJournalMethod | null;
      branch_id: number;
      branch_name: Record<string, string>;
      receipt_id: number | null;
      created_at: string | Date;
    };
    const rows = await db.execute(sql`
      select * from (
        select case when c.claim_id is not null then 'compensation' when c.reverses_id is null then 'charge' else 'charge_reversal' end as kind, c.id, c.amount, c.currency, null as method, c.branch_id, b.name as branch_name, c.receipt_id, c.created_at
          from ${charges} c join ${branches} b on b.id = c.branch_id where c.user_id = ${userId}
        union all
        select case when p.reverses_id is null then 'payment' else 'reversal' end, p.id, p.amount, p.currency, p.method, p.branch_id, b.name, p.receipt_id, p.created_at
          from ${payments} p join ${branches} b on b.id = p.branch_id where p.user_id = ${userId}
      ) h order by created_at desc, kind asc, id desc limit ${limit}`);
    return rowsOf<H>(rows).map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      amount: Number(r.amount),
      currency: r.currency,
      method: r.method,
      branch: { id: r.branch_id, name: pickText(r.branch_name as never, lang) },
      receipt_id: r.receipt_id,
      created_at: new Date(r.created_at).toISOString(),
    }));
  },
};

/** node-postgres answers { rows }, PGlite { rows } too; drizzle's execute type differs per driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
