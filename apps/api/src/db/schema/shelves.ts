import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { branches } from './geo';
import { orders } from './orders';
import { users } from './users';

/**
 * Shelves at a branch (issue 35, ADR 083; the shelves module owns these tables): zone, rack, shelf. Never deleted —
 * deactivated, so a parcel's place and a count's history keep pointing at them. The scannable code is derived from
 * the id (`formatLocationCode`), so it is never stored twice.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    zone: text('zone').notNull(),
    rack: integer('rack').notNull(),
    shelf: integer('shelf').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('locations_branch_place_key').on(t.branchId, t.zone, t.rack, t.shelf)],
);

/**
 * Where a parcel waits: one row per parcel (the primary key makes two clerks' simultaneous placements one place,
 * the last write). Read only together with the parcel's status: a parcel handed over no longer has a place.
 */
export const parcelPlaces = pgTable(
  'parcel_places',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    placedBy: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
    placedAt: tstz('placed_at').notNull().defaultNow(),
  },
  (t) => [index('parcel_places_location_idx').on(t.locationId)],
);

/** A blind count of one zone. One open count per zone and branch (the partial unique index decides a burst). */
export const stockTakes = pgTable(
  'stock_takes',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    zone: text('zone').notNull(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: tstz('started_at').notNull().defaultNow(),
    finishedBy: integer('finished_by').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    uniqueIndex('stock_takes_open_zone_idx')
      .on(t.branchId, t.zone)
      .where(sql`${t.finishedAt} is null`),
    index('stock_takes_branch_idx').on(t.branchId, t.startedAt),
  ],
);

/** What the counter scanned: a parcel on a shelf (scanned again → where it was scanned last), or a shelf alone. */
export const stockTakeScans = pgTable(
  'stock_take_scans',
  {
    id: serial('id').primaryKey(),
    stockTakeId: integer('stock_take_id')
      .notNull()
      .references(() => stockTakes.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** null: the shelf itself was scanned (counted as visited, even when empty). */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    scannedBy: integer('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    scannedAt: tstz('scanned_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_take_scans_parcel_idx')
      .on(t.stockTakeId, t.orderId)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('stock_take_scans_shelf_idx')
      .on(t.stockTakeId, t.locationId)
      .where(sql`${t.orderId} is null`),
  ],
);

/**
 * The differences a finished count found, each decided once. A missing parcel marked missing stays on the Missing
 * worklist until it is placed on a shelf again (`cleared_at`).
 */
export const stockTakeDifferences = pgTable(
  'stock_take_differences',
  {
    id: serial('id').primaryKey(),
    stockTakeId: integer('stock_take_id')
      .notNull()
      .references(() => stockTakes.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'missing' | 'extra' | 'wrong_shelf'>().notNull(),
    expectedLocationId: integer('expected_location_id').references(() => locations.id),
    foundLocationId: integer('found_location_id').references(() => locations.id),
    notHere: boolean('not_here').notNull().default(false),
    decision: text('decision').$type<'mark_missing' | 'found' | 'place_here' | 'move'>(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    clearedAt: tstz('cleared_at'),
  },
  (t) => [
    unique('stock_take_differences_parcel_key').on(t.stockTakeId, t.orderId),
    index('stock_take_differences_missing_idx')
      .on(t.orderId)
      .where(sql`${t.decision} = 'mark_missing' and ${t.clearedAt} is null`),
  ],
);
