import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TByMethod, TJournalMethod, TOnlineProvider } from '@portal/contract';
import { createdAt } from './columns';
import { branches } from './geo';
import { receipts } from './receipts';
import { users } from './users';

/**
 * Money tables, owned by modules/payments (no other module writes them). Amounts are bigint minor units.
 * A customer's balance in a currency is sum(charges) − sum(payments): nothing stored twice, nothing to drift.
 */

/**
 * What a customer was asked to pay: one row per hand-over (the receipt's total). An undone hand-over adds a negative
 * row naming the charge it reverses (unique: at most once), with the admin's reason.
 */
export const charges = pgTable(
  'charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    receiptId: integer('receipt_id').references(() => receipts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What of `amount` the customer's credit paid ahead (online, ADR 077) covered at the hand-over: the receipt shows it. */
    creditUsed: bigint('credit_used', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    reason: text('reason'),
    /** A claim's compensation (ADR 088): a negative charge naming the claim (unique: a claim is paid once). */
    claimId: bigint('claim_id', { mode: 'number' }),
    /** A storage extension paid online (ADR 093): the payment request it charges (unique: one charge per extension). */
    paymentRequestId: uuid('payment_request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('charges_payment_request_idx')
      .on(t.paymentRequestId)
      .where(sql`${t.paymentRequestId} is not null`),
    uniqueIndex('charges_claim_idx')
      .on(t.claimId)
      .where(sql`${t.claimId} is not null`),
    index('charges_user_idx').on(t.userId, t.currency),
    index('charges_receipt_idx')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    uniqueIndex('charges_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/**
 * The payments journal: append-only. A reversal is a new row with the negative amount, naming the row it reverses
 * (unique, so a payment is reversed at most once) and dated in the branch's open business day.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** Who took it at the counter; null for a payment made online (ADR 077). */
    staffUserId: integer('staff_user_id').references(() => users.id),
    receiptId: integer('receipt_id').references(() => receipts.id),
    method: text('method').$type<TJournalMethod>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    reason: text('reason'),
    /** Online payments (method `online`, ADR 077): the provider, its reference and our request. */
    provider: text('provider').$type<TOnlineProvider>(),
    providerRef: text('provider_ref'),
    requestId: uuid('request_id'),
    /** A refund through the provider (negative, possibly partial, several per payment up to its amount) names the payment. */
    refundsId: bigint('refunds_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A provider's payment settles once: a second journal row for it cannot exist (backs up payment_requests' guard).
    uniqueIndex('payments_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null and ${t.amount} > 0`),
    index('payments_refunds_idx')
      .on(t.refundsId)
      .where(sql`${t.refundsId} is not null`),
    index('payments_user_idx').on(t.userId, t.currency),
    index('payments_branch_day_idx').on(t.branchId, t.businessDate, t.method),
    // Revenue of every branch for a period (the admin's default dashboard).
    index('payments_day_idx').on(t.businessDate),
    index('payments_receipt_idx')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    uniqueIndex('payments_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/**
 * Each customer's balance per branch and currency (charges − payments), kept by the payments repository in the same
 * transaction as every charge and payment, under the customer's lock: the debtors worklist reads these few rows
 * instead of summing the whole journal (bench/dashboard.mjs). The journal stays the truth; a test checks they agree.
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.branchId, t.currency] }),
    index('customer_balances_branch_idx')
      .on(t.branchId)
      .where(sql`${t.balance} > 0`),
  ],
);

/**
 * Each customer's balance per currency over every branch (the sum of their customer_balances rows), kept in the same
 * upsert: the debtors worklist of every branch reads the few positive rows in balance order from its index instead of
 * summing a row per customer and branch (bench/dashboard.mjs: 393 ms at the p95 on 180,000 balance rows before).
 */
export const customerTotals = pgTable(
  'customer_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    index('customer_totals_debt_idx')
      .on(t.balance.desc(), t.userId)
      .where(sql`${t.balance} > 0`),
  ],
);

/**
 * Revenue per business day, branch, method, provider (online money, migration 0030) and currency (sum and number of journal rows, reversals included as the
 * negative rows they are), kept by the payments repository in the same transaction as every payment, beside the
 * journal like customer_balances: the dashboard reads these rows instead of summing the period's payments
 * (ADR 061). The journal stays the truth; a test checks they agree.
 */
export const revenueDays = pgTable(
  'revenue_days',
  {
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    method: text('method').$type<TJournalMethod>().notNull(),
    /** The provider of `online` money (kaspi, cloudpayments, freedompay); '' for the counter's methods. */
    provider: text('provider').$type<TOnlineProvider | ''>().notNull().default(''),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.branchId, t.method, t.provider, t.currency] })],
);

/** A branch's closed business day: expected (from the journal), counted (by staff), difference. Never updated. */
export const dayCloses = pgTable(
  'day_closes',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    expected: jsonb('expected').$type<TByMethod>().notNull(),
    counted: jsonb('counted').$type<TByMethod>().notNull(),
    difference: jsonb('difference').$type<TByMethod>().notNull(),
    paymentsCount: integer('payments_count').notNull(),
    note: text('note'),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('day_closes_branch_date_idx').on(t.branchId, t.businessDate)],
);
