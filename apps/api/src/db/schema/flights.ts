import { date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { users } from './users';

/** A truck, train or plane leaving the China warehouse with parcels (the parcels module owns it). */
export const flights = pgTable('flights', {
  id: serial('id').primaryKey(),
  mode: text('mode').$type<'truck' | 'rail' | 'air'>().notNull(),
  /** The carrier's own reference (waybill, truck plate, flight number). */
  carrierRef: text('carrier_ref').notNull(),
  departureDate: date('departure_date', { mode: 'string' }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** When a flight is expected at each destination branch (changed by a delay, with its reason in flight_delays). */
export const flightArrivals = pgTable(
  'flight_arrivals',
  {
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    expectedArrival: date('expected_arrival', { mode: 'string' }).notNull(),
    /** The branch said "the whole flight arrived" (ADR 074): what was missing stays in transit, flagged. */
    arrivalClosedAt: tstz('arrival_closed_at'),
    arrivalClosedBy: integer('arrival_closed_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.flightId, t.branchId] })],
);

/** Every change of an expected arrival: from, to, why, who. */
export const flightDelays = pgTable(
  'flight_delays',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('flight_delays_flight_idx').on(t.flightId, t.at)],
);
