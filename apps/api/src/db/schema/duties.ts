import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TDutyPeriod } from '@portal/contract';
import { createdAt, decimal, i18nText, minorUnits, tstz, updatedAt, version } from './columns';

/**
 * The duty-free limit's rules (issue 36, ADR 087), per destination country with effective dates (both inclusive, the
 * country's local days): value threshold (EUR minor units), weight threshold, how the limit accumulates ('parcel' or
 * 'month'), the duty rate in basis points and the minimum per kg over the weight threshold (EUR minor units). Rules of
 * one country never overlap (checked under an advisory lock per country). Owned by the duties module.
 */
export const dutyRules = pgTable(
  'duty_rules',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    valueThreshold: minorUnits('value_threshold').notNull(),
    valueCurrency: text('value_currency').notNull().default('EUR'),
    weightThresholdKg: decimal('weight_threshold_kg', { precision: 10, scale: 3 }).notNull(),
    period: text('period').$type<TDutyPeriod>().notNull().default('parcel'),
    rateBp: integer('rate_bp').notNull(),
    minPerKg: minorUnits('min_per_kg').notNull(),
    name: i18nText('name').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('duty_rules_country_idx').on(t.countryCode, t.effectiveFrom),
    check('duty_rules_dates', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
    check('duty_rules_period', sql`${t.period} in ('parcel', 'month')`),
  ],
);

/** The National Bank of Kazakhstan's official rates: KZT per one unit (the feed's value ÷ its quant), one per day. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    /** The feed's quant (the rate was given for this many units). */
    quant: integer('quant').notNull().default(1),
    source: text('source').notNull().default('nbk'),
    fetchedAt: tstz('fetched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_rates_day_currency_idx').on(t.day, t.currency)],
);

/** Each attempt of the daily rates job (or "fetch now"): what it stored or why it failed. */
export const exchangeRateFetches = pgTable(
  'exchange_rate_fetches',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<'ok' | 'failed'>().notNull(),
    stored: integer('stored').notNull().default(0),
    error: text('error'),
    attemptedAt: createdAt(),
  },
  (t) => [index('exchange_rate_fetches_at_idx').on(t.attemptedAt)],
);

export type TDutyRuleRow = typeof dutyRules.$inferSelect;
export type TExchangeRateRow = typeof exchangeRates.$inferSelect;
