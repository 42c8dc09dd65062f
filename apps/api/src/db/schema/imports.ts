import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';

/** Spreadsheet imports of received parcels: preview kept until committed. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => users.id),
  fileName: text('file_name').notNull(),
  rows: jsonb('rows').$type<unknown[]>().notNull(),
  /** The file's non-empty lines as read (ADR 074): a new column mapping re-plans from them; rejected rows repeat them. */
  cells: jsonb('cells').$type<unknown[]>(),
  /** The header row's signature (import_layouts) and the mapping the rows were read with. */
  layout: text('layout'),
  mapping: jsonb('mapping').$type<object>(),
  committedAt: tstz('committed_at'),
  result: jsonb('result').$type<Record<string, unknown>>(),
  /** The parcels the commit received (what an undo takes back). */
  orderIds: jsonb('order_ids').$type<number[]>(),
  /** Undone within the hour (ADR 074): its parcels removed; set once, by a guarded UPDATE. */
  undoneAt: tstz('undone_at'),
  undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A spreadsheet layout (its header row's signature) → the column mapping staff chose for it, applied next time. */
export const importLayouts = pgTable('import_layouts', {
  signature: text('signature').primaryKey(),
  headers: jsonb('headers').$type<string[]>().notNull(),
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
