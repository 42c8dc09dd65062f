import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { branches } from './geo';
import { users } from './users';

/**
 * A trusted person (issue 37, ADR 091; the trusted module owns it): someone the customer names (name, E.164 phone) to
 * collect the listed parcels at one branch on the listed days (branch-local dates, both included). Their QR code is a
 * token of its own kind naming this row and `version`; `revoked_at` stops it at once (checked at every scan).
 * `sms_sent_at`/`sms_count` rate-limit re-sending the link (a guarded UPDATE decides between simultaneous re-sends).
 */
export const trustedPeople = pgTable(
  'trusted_people',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The customer's parcels (orders.id) this person may collect. */
    orderIds: jsonb('order_ids').$type<number[]>().notNull(),
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    version: integer('version').notNull().default(1),
    revokedAt: tstz('revoked_at'),
    smsSentAt: tstz('sms_sent_at'),
    smsCount: integer('sms_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('trusted_people_active_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type TrustedPersonRow = typeof trustedPeople.$inferSelect;
