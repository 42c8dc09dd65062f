import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  branches,
  countries,
  dutyRules,
  exchangeRateFetches,
  exchangeRates,
  orders,
  savedTracks,
  users,
  type TDutyRuleRow,
  type TExchangeRateRow,
} from '../../db/schema';

export type DutyRuleRow = TDutyRuleRow;
export type DutyRuleInput = Omit<typeof dutyRules.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/** The duties module's SQL (ADR 087): rules, rates and the feed's attempts; reads of parcels for the month's total. */
export const dutiesRepository = {
  async rules(db: DbOrTx, countryCode?: string): Promise<DutyRuleRow[]> {
    return db
      .select()
      .from(dutyRules)
      .where(countryCode ? eq(dutyRules.countryCode, countryCode) : undefined)
      .orderBy(asc(dutyRules.countryCode), desc(dutyRules.effectiveFrom));
  },

  async rule(db: DbOrTx, id: number): Promise<DutyRuleRow | undefined> {
    const [row] = await db.select().from(dutyRules).where(eq(dutyRules.id, id)).limit(1);
    return row;
  },

  /** Serialises the edits of one country's rules: the overlap check and the write happen under this lock. */
  async lockCountry(tx: DbOrTx, countryCode: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duty-rules:${countryCode}`}))`);
  },

  /** A rule of the country sharing a day with [from, to] (to null = open), other than `exceptId`. */
  async overlapping(tx: DbOrTx, countryCode: string, from: string, to: string | null, exceptId?: number): Promise<DutyRuleRow | undefined> {
    const [row] = await tx
      .select()
      .from(dutyRules)
      .where(
        and(
          eq(dutyRules.countryCode, countryCode),
          exceptId === undefined ? undefined : ne(dutyRules.id, exceptId),
          or(isNull(dutyRules.effectiveTo), gte(dutyRules.effectiveTo, from)),
          to === null ? undefined : lte(dutyRules.effectiveFrom, to),
        ),
      )
      .limit(1);
    return row;
  },

  async insertRule(tx: DbOrTx, input: DutyRuleInput): Promise<DutyRuleRow> {
    const [row] = await tx.insert(dutyRules).values(input).returning();
    return row!;
  },

  /** Saves unless someone saved it since `version` (then undefined). */
  async updateRule(tx: DbOrTx, id: number, version: number | undefined, input: Partial<DutyRuleInput>): Promise<DutyRuleRow | undefined> {
    const [row] = await tx
      .update(dutyRules)
      .set({ ...input, version: sql`${dutyRules.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(dutyRules.id, id), version === undefined ? undefined : eq(dutyRules.version, version)))
      .returning();
    return row;
  },

  /** The latest rate of each currency on or before `day`. */
  async ratesOnOrBefore(db: DbOrTx, currencies: readonly string[], day: string): Promise<Map<string, { rate: string; day: string }>> {
    const out = new Map<string, { rate: string; day: string }>();
    if (currencies.length === 0) return out;
    const rows = await db
      .selectDistinctOn([exchangeRates.currency], { currency: exchangeRates.currency, rate: exchangeRates.rate, day: exchangeRates.day })
      .from(exchangeRates)
      .where(and(inArray(exchangeRates.currency, [...currencies]), lte(exchangeRates.day, day)))
      .orderBy(exchangeRates.currency, desc(exchangeRates.day));
    for (const r of rows) out.set(r.currency, { rate: r.rate, day: r.day });
    return out;
  },

  /** Stores a day's rates (a second fetch of the day replaces its values). */
  async upsertRates(
    tx: DbOrTx,
    day: string,
    rates: readonly { currency: string; rate: string; quant: number }[],
    source = 'nbk',
  ): Promise<number> {
    if (rates.length === 0) return 0;
    const rows = await tx
      .insert(exchangeRates)
      .values(rates.map((r) => ({ day, currency: r.currency, rate: r.rate, quant: r.quant, source })))
      .onConflictDoUpdate({
        target: [exchangeRates.day, exchangeRates.currency],
        set: { rate: sql`excluded.rate`, quant: sql`excluded.quant`, source: sql`excluded.source`, fetchedAt: sql`now()` },
      })
      .returning({ id: exchangeRates.id });
    return rows.length;
  },

  async recordFetch(tx: DbOrTx, f: { day: string; status: 'ok' | 'failed'; stored: number; error: string | null }) {
    const [row] = await tx.insert(exchangeRateFetches).values(f).returning();
    return row!;
  },

  async fetchedOk(db: DbOrTx, day: string): Promise<boolean> {
    const [row] = await db
      .select({ id: exchangeRateFetches.id })
      .from(exchangeRateFetches)
      .where(and(eq(exchangeRateFetches.day, day), eq(exchangeRateFetches.status, 'ok')))
      .limit(1);
    return Boolean(row);
  },

  async recentRates(db: DbOrTx, days: number): Promise<TExchangeRateRow[]> {
    const recent = db.selectDistinct({ day: exchangeRates.day }).from(exchangeRates).orderBy(desc(exchangeRates.day)).limit(days);
    const dayList = (await recent).map((r) => r.day);
    if (dayList.length === 0) return [];
    return db
      .select()
      .from(exchangeRates)
      .where(inArray(exchangeRates.day, dayList))
      .orderBy(desc(exchangeRates.day), asc(exchangeRates.currency));
  },

  async recentFetches(db: DbOrTx, limit: number) {
    return db.select().from(exchangeRateFetches).orderBy(desc(exchangeRateFetches.attemptedAt), desc(exchangeRateFetches.id)).limit(limit);
  },

  /** The customer's branch: its country, currency and time zone (undefined without a branch). */
  async customerPlace(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ countryCode: countries.code, currency: branches.currency, timeZone: branches.timeZone })
      .from(users)
      .innerJoin(branches, eq(branches.id, users.branchId))
      .innerJoin(countries, eq(countries.id, branches.countryId))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },

  /** The customer's parcel of this code (its weight, whether dispatched). */
  async parcelOf(db: DbOrTx, userId: number, trackCode: string) {
    const [row] = await db
      .select({ weight: orders.weight, dispatchedAt: orders.dispatchedAt })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.trackCode, trackCode)))
      .limit(1);
    return row;
  },

  /**
   * The month's other parcels of the customer (ADR 087): parcels dispatched within [start, end), and — when the month
   * is the current one — parcels not dispatched yet and saved codes without a parcel. Codes with their weights (0 for
   * a saved code).
   */
  async monthCodes(
    db: DbOrTx,
    userId: number,
    range: { start: Date; end: Date; current: boolean },
    exceptCode: string | null,
  ): Promise<{ trackCode: string; weight: number }[]> {
    const dispatched = await db
      .select({ trackCode: orders.trackCode, weight: orders.weight })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          or(
            and(gte(orders.dispatchedAt, range.start), lt(orders.dispatchedAt, range.end)),
            range.current ? and(isNull(orders.dispatchedAt), isNull(orders.arrivedAt), isNull(orders.deliveredAt)) : undefined,
          ),
        ),
      );
    const out = dispatched.filter((o) => o.trackCode !== exceptCode).map((o) => ({ trackCode: o.trackCode, weight: o.weight }));
    if (range.current) {
      const saved = await db
        .select({ trackCode: savedTracks.trackCode })
        .from(savedTracks)
        .where(
          and(eq(savedTracks.userId, userId), sql`not exists (select 1 from ${orders} o where o.track_code = ${savedTracks.trackCode})`),
        );
      for (const s of saved) if (s.trackCode !== exceptCode) out.push({ trackCode: s.trackCode, weight: 0 });
    }
    return out;
  },
};
