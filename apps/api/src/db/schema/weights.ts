import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, decimal, minorUnits, tstz } from './columns';
import { branches } from './geo';
import { orders } from './orders';
import { users } from './users';

/** What came of a parcel's branch weighing (ADR 089). */
export const WEIGHT_CHECK_STATES = ['within', 'lighter', 'pending', 'confirmed', 'disputed'] as const;
export type WeightCheckState = (typeof WEIGHT_CHECK_STATES)[number];

/**
 * A parcel's weighing at its branch (issue 36, ADR 089; the weights module owns it): one row per parcel (the unique
 * index makes two clerks' weighings one), with both weights, the tolerance applied, both prices and the customer's
 * decision. `pending` is the one state that holds payment; confirm and dispute leave it by a guarded UPDATE.
 */
export const weightChecks = pgTable(
  'weight_checks',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The parcel's owner when it was weighed (the one who decides). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    chinaWeight: decimal('china_weight', { precision: 10, scale: 3 }).notNull(),
    branchWeight: decimal('branch_weight', { precision: 10, scale: 3 }).notNull(),
    /** The allowed difference applied, grams (the larger of the settings' grams and percent of the China weight). */
    allowedGrams: integer('allowed_grams').notNull(),
    /** The price at the China weight (what the parcel cost when weighed) and at the branch weight, minor units. */
    chinaPrice: minorUnits('china_price').notNull(),
    branchPrice: minorUnits('branch_price').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: WEIGHT_CHECK_STATES }).notNull(),
    weighedBy: integer('weighed_by').references(() => users.id, { onDelete: 'set null' }),
    weighedAt: tstz('weighed_at').notNull().defaultNow(),
    /** Who decided (the customer, or the clerk recording the customer's word at the counter), how and when. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedVia: text('decided_via', { enum: ['customer', 'counter'] }),
    decidedAt: tstz('decided_at'),
    /** The customer's words when disputing (kept whole: the claim is opened from them). */
    disputeReason: text('dispute_reason'),
    /** The claim the dispute became (claims module), once opened. */
    claimId: integer('claim_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('weight_checks_order_key').on(t.orderId),
    index('weight_checks_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    check('weight_checks_decided', sql`(${t.state} in ('confirmed', 'disputed')) = (${t.decidedAt} is not null)`),
  ],
);

export type WeightCheckRow = typeof weightChecks.$inferSelect;
