import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { users } from './users';

/** A booking's life (ADR 092): `booked` is the one active state; the others are where it ended. */
export const PICKUP_BOOKING_STATES = ['booked', 'cancelled', 'collected', 'missed'] as const;
export type PickupBookingState = (typeof PICKUP_BOOKING_STATES)[number];

/**
 * A branch's pickup slots for one weekday (issue 37, ADR 092; the pickup-slots module owns it): the slot length and how
 * many customers a slot takes. No row, or capacity 0, means no slots that day. Slots lie inside the branch's opening
 * hours minus its break, in its time zone.
 */
export const branchSlotRules = pgTable(
  'branch_slot_rules',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    /** mon … sun, as the branch's working hours. */
    day: text('day').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    capacity: integer('capacity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.day] }),
    check('branch_slot_rules_minutes', sql`${t.slotMinutes} in (15, 30)`),
    check('branch_slot_rules_capacity', sql`${t.capacity} between 0 and 500`),
  ],
);

/**
 * How many active bookings a slot holds: the one row a booking's guarded UPDATE (`booked < capacity`) takes, so a
 * slot is never sold past its capacity however many book at once.
 */
export const pickupSlotCounters = pgTable(
  'pickup_slot_counters',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    slotStart: tstz('slot_start').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.slotStart] }), check('pickup_slot_counters_booked', sql`${t.booked} >= 0`)],
);

/** A customer's booked time to collect what waits for them at a branch (one active booking per customer and branch). */
export const pickupBookings = pgTable(
  'pickup_bookings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    slotStart: tstz('slot_start').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    state: text('state', { enum: PICKUP_BOOKING_STATES }).notNull().default('booked'),
    remindedAt: tstz('reminded_at'),
    endedAt: tstz('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pickup_bookings_active_key')
      .on(t.userId, t.branchId)
      .where(sql`${t.state} = 'booked'`),
    index('pickup_bookings_slot_idx')
      .on(t.branchId, t.slotStart)
      .where(sql`${t.state} = 'booked'`),
  ],
);

export type PickupBookingRow = typeof pickupBookings.$inferSelect;
