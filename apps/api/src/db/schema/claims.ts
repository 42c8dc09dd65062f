import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TClaimEventAction, TClaimKind, TClaimPayoutMethod, TClaimSource, TClaimState } from '@portal/contract';
import { createdAt, minorUnits, tstz, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * A customer's claim about one of their parcels (issue 36, ADR 088): lost, damaged, contents differ, weight differs.
 * open → in_review → approved (amount) | rejected (reason); approved → paid exactly once (the guarded UPDATE … WHERE
 * state = 'approved' decides). One open claim per parcel and kind (a unique partial index: until decided). Owned by
 * the claims module; the money moves through the payments module (charges.claim_id) and online payments (refunds).
 */
export const claims = pgTable(
  'claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The parcel's branch when the claim was opened: whose staff decide it and whose drawer pays cash. */
    branchId: integer('branch_id'),
    kind: text('kind').$type<TClaimKind>().notNull(),
    source: text('source').$type<TClaimSource>().notNull().default('customer'),
    state: text('state').$type<TClaimState>().notNull().default('open'),
    description: text('description').notNull(),
    /** What the customer asks for, minor units of `currency` (optional). */
    amountClaimed: minorUnits('amount_claimed'),
    /** The decision: amount approved (minor units) or the reason of a refusal. */
    amountApproved: minorUnits('amount_approved'),
    currency: text('currency'),
    rejectReason: text('reject_reason'),
    /** Deadlines fixed at opening from the admin's settings (claims.answer_hours, claims.decision_days). */
    answerDue: tstz('answer_due').notNull(),
    decisionDue: tstz('decision_due').notNull(),
    answeredAt: tstz('answered_at'),
    decidedAt: tstz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a payout starts (a provider refund is asked outside a transaction); state turns paid when it is done. */
    payoutMethod: text('payout_method').$type<TClaimPayoutMethod>(),
    paidAt: tstz('paid_at'),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /** The journal row of the payout: the compensation's charge (balance), the refund or the cash payment. */
    payoutRef: text('payout_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('claims_open_kind_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.state} in ('open', 'in_review')`),
    index('claims_user_idx').on(t.userId, t.id.desc()),
    index('claims_queue_idx')
      .on(t.decisionDue)
      .where(sql`${t.state} in ('open', 'in_review', 'approved')`),
    index('claims_order_idx').on(t.orderId),
  ],
);

/** A claim's photos as the customer sent them (processed like parcel photos, ADR 081; served by signed addresses). */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId, t.id), uniqueIndex('claim_photos_key_idx').on(t.key)],
);

/** Each step of a claim (opened, taken, message, approved, rejected, paid): who, when, what. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    action: text('action').$type<TClaimEventAction>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.id)],
);
