import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TByMethod, TPaymentMethod } from '@portal/contract';
import { createdAt } from './columns';
import { branches } from './geo';
import { receipts } from './orders';
import { users } from './users';

/**
 * Money tables, owned by modules/payments (no other module writes them). Amounts are bigint minor units.
 * A customer's balance in a currency is sum(charges) − sum(payments): nothing stored twice, nothing to drift.
 */

/** What a customer was asked to pay: one row per hand-over (the receipt's total). */
export const charges = pgTable(
  'charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    branchId: integer('branch_id').notNull().references(() => branches.id),
    receiptId: integer('receipt_id').references(() => receipts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('charges_user_idx').on(t.userId, t.currency)],
);

/**
 * The payments journal: append-only. A reversal is a new row with the negative amount, naming the row it reverses
 * (unique, so a payment is reversed at most once) and dated in the branch's open business day.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    branchId: integer('branch_id').notNull().references(() => branches.id),
    staffUserId: integer('staff_user_id').notNull().references(() => users.id),
    receiptId: integer('receipt_id').references(() => receipts.id),
    method: text('method').$type<TPaymentMethod>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.currency),
    index('payments_branch_day_idx').on(t.branchId, t.businessDate, t.method),
    index('payments_receipt_idx').on(t.receiptId).where(sql`${t.receiptId} is not null`),
    uniqueIndex('payments_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
  ],
);

/** A branch's closed business day: expected (from the journal), counted (by staff), difference. Never updated. */
export const dayCloses = pgTable(
  'day_closes',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id').notNull().references(() => branches.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    expected: jsonb('expected').$type<TByMethod>().notNull(),
    counted: jsonb('counted').$type<TByMethod>().notNull(),
    difference: jsonb('difference').$type<TByMethod>().notNull(),
    paymentsCount: integer('payments_count').notNull(),
    note: text('note'),
    staffUserId: integer('staff_user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('day_closes_branch_date_idx').on(t.branchId, t.businessDate)],
);
