import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ONLINE_METHOD,
  pickText,
  type TByMethod,
  type TDayClose,
  type TLang,
  type TOnlineProvider,
  type TPaymentMethod,
} from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, dayCloses, payments, users } from '../../db/schema';
import { emptyByMethod } from './payments-repository';

const staff = alias(users, 'close_staff');

/** The close of day's SQL (ADR 060): closed dates, the day's sums by method and online apart, the closes themselves. */
export const dayCloseRepository = {
  /** Closed business dates of a branch from `from` on, ascending. */
  async closedDatesFrom(db: DbOrTx, branchId: number, from: string): Promise<string[]> {
    const rows = await db
      .select({ d: dayCloses.businessDate })
      .from(dayCloses)
      .where(and(eq(dayCloses.branchId, branchId), gte(dayCloses.businessDate, from)))
      .orderBy(asc(dayCloses.businessDate));
    return rows.map((r) => r.d);
  },

  /** Sum per method and count of one branch's business day. */
  async daySums(db: DbOrTx, branchId: number, date: string): Promise<{ expected: TByMethod; count: number }> {
    const rows = await db
      .select({ method: payments.method, sum: sql<string>`sum(${payments.amount})::bigint::text`, count: sql<number>`count(*)::int` })
      .from(payments)
      // The drawer's methods only: money paid online never passes through it (ADR 077; see onlineSums).
      .where(and(eq(payments.branchId, branchId), eq(payments.businessDate, date), ne(payments.method, ONLINE_METHOD)))
      .groupBy(payments.method);
    const expected = emptyByMethod();
    let count = 0;
    for (const r of rows) {
      expected[r.method as TPaymentMethod] = Number(r.sum);
      count += r.count;
    }
    return { expected, count };
  },

  /** A day's online money per provider: payments counted, net of refunds through the provider (ADR 077). */
  async onlineSums(db: DbOrTx, branchId: number, date: string): Promise<{ provider: TOnlineProvider; count: number; amount: number }[]> {
    const rows = await db
      .select({
        provider: payments.provider,
        amount: sql<string>`sum(${payments.amount})::bigint::text`,
        count: sql<number>`(count(*) filter (where ${payments.amount} > 0))::int`,
      })
      .from(payments)
      .where(and(eq(payments.branchId, branchId), eq(payments.businessDate, date), eq(payments.method, ONLINE_METHOD)))
      .groupBy(payments.provider)
      .orderBy(payments.provider);
    return rows.flatMap((r) => (r.provider ? [{ provider: r.provider, count: r.count, amount: Number(r.amount) }] : []));
  },

  async dayClose(db: DbOrTx, branchId: number, date: string) {
    const [row] = await db
      .select()
      .from(dayCloses)
      .where(and(eq(dayCloses.branchId, branchId), eq(dayCloses.businessDate, date)))
      .limit(1);
    return row;
  },

  async insertDayClose(tx: Tx, row: typeof dayCloses.$inferInsert): Promise<number> {
    const [out] = await tx.insert(dayCloses).values(row).returning({ id: dayCloses.id });
    return out!.id;
  },

  async dayCloseViews(
    db: DbOrTx,
    where: { ids?: number[]; branchId?: number; from?: string; to?: string },
    lang: TLang,
  ): Promise<TDayClose[]> {
    const conds = [
      where.ids ? inArray(dayCloses.id, where.ids) : undefined,
      where.branchId ? eq(dayCloses.branchId, where.branchId) : undefined,
      where.from ? gte(dayCloses.businessDate, where.from) : undefined,
      where.to ? lte(dayCloses.businessDate, where.to) : undefined,
    ].filter(Boolean);
    const rows = await db
      .select({ c: dayCloses, branchName: branches.name, first: staff.firstName, last: staff.lastName })
      .from(dayCloses)
      .innerJoin(branches, eq(branches.id, dayCloses.branchId))
      .innerJoin(staff, eq(staff.id, dayCloses.staffUserId))
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(desc(dayCloses.businessDate), asc(dayCloses.branchId))
      .limit(1000);
    return rows.map(({ c, branchName, first, last }) => ({
      id: c.id,
      branch: { id: c.branchId, name: pickText(branchName, lang) },
      business_date: c.businessDate,
      currency: c.currency,
      // Closes written before a method existed have no key for it: 0 then.
      expected: { ...emptyByMethod(), ...c.expected },
      counted: { ...emptyByMethod(), ...c.counted },
      difference: { ...emptyByMethod(), ...c.difference },
      payments_count: c.paymentsCount,
      note: c.note,
      staff: { id: c.staffUserId, name: `${first} ${last}`.trim() },
      closed_at: c.createdAt.toISOString(),
    }));
  },
};
