import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TLang, TOnlineProvider, TPaymentRequestStatus } from '@portal/contract';
import { createdAt, minorUnits, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { users } from './users';

/**
 * Paying before coming (ADR 077), owned by modules/online-payments. The money itself lands in the payments journal
 * (owned by modules/payments) as method `online`, through paymentsService; these tables hold what was asked, how each
 * branch reaches its providers, and what reconciliation found.
 */

/**
 * What a customer was asked to pay online, frozen when asked: the parcels waiting at the branch (their prices and
 * storage up to that day) and the open debt. Settled at most once: the guarded UPDATE `open → paid` decides, and the
 * journal's unique (provider, provider_ref) backs it up. Its id (a UUID) is the order id the provider sees.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    provider: text('provider').$type<TOnlineProvider>().notNull(),
    currency: text('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    /** The part of `amount` that pays open debt (the rest pays the parcels and their storage). */
    debt: minorUnits('debt').notNull(),
    parcelIds: jsonb('parcel_ids').$type<number[]>().notNull(),
    /**
     * A request that keeps its one parcel longer (ADR 093): the parcel's last free day when asked (settlement moves it
     * only while it is still this) and the new one. Null for a payment of what waits.
     */
    extensionFrom: date('extension_from', { mode: 'string' }),
    extensionUntil: date('extension_until', { mode: 'string' }),
    status: text('status').$type<TPaymentRequestStatus>().notNull().default('open'),
    /** The provider's id of the payment (Kaspi QrPaymentId, CloudPayments TransactionId, Freedom pg_payment_id). */
    providerRef: text('provider_ref'),
    payUrl: text('pay_url'),
    qrPayload: text('qr_payload'),
    /** The customer's language when asked: the provider's page and our messages about it speak it. */
    lang: text('lang').$type<TLang>().notNull(),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
    /** The journal row the settlement wrote (payments.id). */
    paymentId: bigint('payment_id', { mode: 'number' }),
    /** Why it failed, was cancelled or refunded (a code: late, parcels_gone, amount_differs, provider_failed …). */
    reason: text('reason'),
    /** When the poller last asked the provider (Kaspi sends no callbacks). */
    checkedAt: tstz('checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_requests_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    // One open request per customer and branch: a new one cancels the old in the same transaction.
    uniqueIndex('payment_requests_open_idx')
      .on(t.userId, t.branchId)
      .where(sql`${t.status} = 'open'`),
    index('payment_requests_user_idx').on(t.userId, t.createdAt),
    index('payment_requests_status_idx').on(t.status, t.checkedAt),
  ],
);

/**
 * How a branch reaches a provider: its own merchant account. `credentials` is the JSON of the provider's keys,
 * encrypted (AES-256-GCM, lib/secret-box.ts) with PAYMENTS_SECRET_KEY; never sent back whole, never logged.
 */
export const paymentProviderSettings = pgTable(
  'payment_provider_settings',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    provider: text('provider').$type<TOnlineProvider>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    credentials: text('credentials').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.provider] })],
);

/**
 * A difference reconciliation found between our requests/journal and a provider's records (paid there but not here,
 * settled here but not paid there, amounts that differ, a refund not done), listed for staff until resolved.
 */
export const paymentDifferences = pgTable(
  'payment_differences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    provider: text('provider').$type<TOnlineProvider>().notNull(),
    kind: text('kind').notNull(),
    /** What each side says (our status and amount, the provider's state and amount). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    foundAt: createdAt(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('payment_differences_open_idx')
      .on(t.requestId, t.kind)
      .where(sql`${t.resolvedAt} is null`),
    index('payment_differences_branch_idx').on(t.branchId, t.foundAt),
  ],
);

/**
 * A refund of an online payment we ask a provider for, written (and committed) before the provider is called: a
 * provider's Refund notification that arrives before our journal row is recognised by it instead of being listed as
 * a refund we did not ask for (ADR 077). `done` once the journal holds the refund, `failed` when the provider refused.
 */
export const paymentRefundAttempts = pgTable(
  'payment_refund_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The journal's online payment being refunded (payments.id). */
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    provider: text('provider').$type<TOnlineProvider>().notNull(),
    amount: minorUnits('amount').notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    /** The provider's reference of the refund, once it answered (or its notification named it). */
    refundRef: text('refund_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_refund_attempts_payment_idx').on(t.paymentId)],
);
