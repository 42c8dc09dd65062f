import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, decimal, tstz, updatedAt, version } from './columns';
import { branches } from './geo';
import { orders } from './orders';
import { users } from './users';

/**
 * Label printers (issue 35, ADR 080), set by the admin per place: a branch (branch_id) or the China warehouse
 * (branch_id null). Staff print ZPL to them over raw TCP (host:port, 9100 by default). Owner: labels.
 */
export const labelPrinters = pgTable(
  'label_printers',
  {
    id: serial('id').primaryKey(),
    /** null = the China warehouse. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull().default(9100),
    defaultSize: text('default_size').$type<'58x40' | '100x150'>().notNull().default('100x150'),
    /** The place's printer that "Print" uses when none is named (at most one per place, kept by the labels module). */
    isDefault: boolean('is_default').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('label_printers_place_idx').on(t.branchId)],
);

/**
 * How many times a parcel's label was issued (printed or downloaded): the first is the label, every later one a
 * reprint, which is audited. One row per parcel, counted by one guarded upsert. Owner: labels.
 */
export const labelIssues = pgTable('label_issues', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  firstAt: tstz('first_at').notNull().defaultNow(),
  firstBy: integer('first_by').references(() => users.id, { onDelete: 'set null' }),
  lastAt: tstz('last_at').notNull().defaultNow(),
});

/**
 * The boxes of a parcel received as several boxes under one tracking code (issue 35): box 1 of n … n of n, each with
 * its own weight when weighed apart (the order's weight is their sum). A parcel of one box has no rows. Owner: parcels.
 */
export const orderBoxes = pgTable(
  'order_boxes',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    box: integer('box').notNull(),
    /** kg; null when only the total was weighed. */
    weight: decimal('weight', { precision: 10, scale: 3 }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.box] }), check('order_boxes_box_range', sql`${t.box} between 1 and 20`)],
);
