import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TBagStatus } from '@portal/contract';
import { createdAt, tstz } from './columns';
import { branches } from './geo';
import { flights } from './flights';
import { orders } from './orders';
import { users } from './users';

/**
 * A bag (sack) the China warehouse packs parcels into for one destination branch (issue 35, ADR 082; the bags module
 * owns it). Its number is derived from its id (G…, ADR 079). Weights in whole grams; the tare and tolerance are kept
 * at sealing so a later change of the settings does not change a sealed bag's check or its manifest.
 */
export const bags = pgTable(
  'bags',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    status: text('status').$type<TBagStatus>().notNull().default('open'),
    weighedGrams: integer('weighed_grams'),
    tareGrams: integer('tare_grams'),
    toleranceGrams: integer('tolerance_grams'),
    toleranceBp: integer('tolerance_bp'),
    flightId: integer('flight_id').references(() => flights.id),
    /** Codes scanned at the branch as found in the bag that are not its parcels (the "extra" list). */
    extraCodes: jsonb('extra_codes').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sealedAt: tstz('sealed_at'),
    sealedBy: integer('sealed_by').references(() => users.id, { onDelete: 'set null' }),
    dispatchedAt: tstz('dispatched_at'),
    arrivedAt: tstz('arrived_at'),
    arrivedBy: integer('arrived_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('bags_status_idx').on(t.status, t.branchId), index('bags_flight_idx').on(t.flightId)],
);

/** A parcel in a bag. A parcel is in one bag at most, ever (the unique index decides two bags racing for it). */
export const bagItems = pgTable(
  'bag_items',
  {
    bagId: integer('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
    /** Scanned at the branch as found in the bag. */
    foundAt: tstz('found_at'),
  },
  (t) => [primaryKey({ columns: [t.bagId, t.orderId] }), uniqueIndex('bag_items_order_uq').on(t.orderId)],
);
