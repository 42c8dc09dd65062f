import { sql } from 'drizzle-orm';
import type { TJournalMethod, TOnlineProvider } from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { customerBalances, customerTotals, revenueDays } from '../../db/schema';
import type { NewPayment } from './payments-repository';

/**
 * The sums this module keeps beside its journal (ADR 061): the customers' balances per branch (`customer_balances`)
 * and their totals (`customer_totals`), and the revenue per business day (`revenue_days`), moved by every write of
 * charges and payments in the same transaction (payments-repository.ts), or rebuilt from the journal by loaders.
 */

/** Moves the kept balances by the journal rows just written (one row per customer, branch and currency). */
export async function addToBalances(
  tx: Tx,
  moves: { userId: number; branchId: number; currency: string; amount: number }[],
): Promise<void> {
  for (const upsert of balanceUpserts(tx, moves)) await upsert;
}

/** The two upserts of `addToBalances` (the customer's balance at each branch, then their totals), not yet run. */
export function balanceUpserts(tx: Tx, moves: { userId: number; branchId: number; currency: string; amount: number }[]) {
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
export async function addToRevenue(tx: Tx, rows: NewPayment[], sign: 1 | -1 = 1): Promise<void> {
  await revenueUpsert(tx, rows, sign);
}

/** The upsert of `addToRevenue`, not yet run. */
export function revenueUpsert(tx: Tx, rows: NewPayment[], sign: 1 | -1 = 1) {
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

/**
 * Recomputes the kept sums (balances and revenue per day) from the journal, as the migrations that made them did.
 * For loaders that write the journal around this module (the dashboard bench's generate_series); the app never needs it.
 */
export async function rebuildKeptSums(db: DbOrTx): Promise<void> {
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
}
