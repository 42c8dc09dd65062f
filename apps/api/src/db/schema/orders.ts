import { sql } from 'drizzle-orm';
import { bigserial, bigint, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, decimal, i18nText, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { users } from './users';

/** The lifecycle of design.md: china_warehouse → in_transit → at_branch → delivered. */
export const orderStatuses = pgTable('order_statuses', {
  id: serial('id').primaryKey(),
  code: text('code').$type<'china_warehouse' | 'in_transit' | 'at_branch' | 'delivered'>().notNull().unique(),
  position: integer('position').notNull(),
  name: i18nText('name').notNull(),
});

/**
 * A parcel the carrier received. userId is null while it is unclaimed.
 * trackCode is unique: receiving the same code twice is refused.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    trackCode: text('track_code').notNull(),
    name: text('name').notNull().default(''),
    weight: decimal('weight', { precision: 10, scale: 3 }).notNull(),
    price: decimal('price', { precision: 12, scale: 2 }),
    currency: text('currency'),
    tariff: decimal('tariff', { precision: 10, scale: 2 }),
    statusId: integer('status_id').notNull().references(() => orderStatuses.id),
    /** The branch the parcel is addressed to (the owner's branch when it was received or claimed). */
    branchId: integer('branch_id').references(() => branches.id),
    /** The client code written on the label, if any. */
    labelClientCode: text('label_client_code'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    dispatchedAt: tstz('dispatched_at'),
    arrivedAt: tstz('arrived_at'),
    deliveredAt: tstz('delivered_at'),
    storageUntil: date('storage_until', { mode: 'string' }),
    archivedAt: tstz('archived_at'),
    receiptId: integer('receipt_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_track_code_idx').on(t.trackCode),
    // The customer's list per status, newest first, archived apart: one index serves it at any size.
    index('orders_user_status_idx').on(t.userId, t.statusId, t.id.desc()).where(sql`${t.archivedAt} is null`),
    index('orders_user_archived_idx').on(t.userId, t.archivedAt).where(sql`${t.archivedAt} is not null`),
    index('orders_status_branch_idx').on(t.statusId, t.branchId),
    index('orders_unclaimed_idx').on(t.trackCode).where(sql`${t.userId} is null`),
    index('orders_track_code_trgm_idx').using('btree', sql`upper(${t.trackCode}) text_pattern_ops`),
  ],
);

/** Every status change and staff action on an order: the timeline and the audit trail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    statusId: integer('status_id').references(() => orderStatuses.id),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').references(() => branches.id),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** Tracking codes a customer registered before (or after) the parcel reached the warehouse. */
export const savedTracks = pgTable(
  'saved_tracks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    trackCode: text('track_code').notNull(),
    name: text('name'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_tracks_user_code_idx').on(t.userId, t.trackCode),
    index('saved_tracks_user_idx').on(t.userId, t.id.desc()),
    index('saved_tracks_code_idx').on(t.trackCode),
  ],
);

/** A hand-over at a branch: what was paid for which parcels, by whom. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    branchId: integer('branch_id').notNull().references(() => branches.id),
    staffUserId: integer('staff_user_id').notNull().references(() => users.id),
    paymentMethod: text('payment_method').$type<'cash' | 'card' | 'transfer' | 'kaspi_qr'>(),
    totalWeight: decimal('total_weight', { precision: 12, scale: 3 }).notNull(),
    total: decimal('total', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<{ order_id: number; track_code: string; name: string; weight: number; tariff: number; price: number }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('receipts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A customer's notifications. New rows keep the event and its params (rendered in the recipient's current
 * language whenever shown or sent); title/body are only for rows written before that (frozen text).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'orders' | 'news' | 'system'>().notNull(),
    event: text('event'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    title: text('title'),
    body: text('body'),
    link: text('link'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Spreadsheet imports of received parcels: preview kept until committed. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  staffUserId: integer('staff_user_id').notNull().references(() => users.id),
  fileName: text('file_name').notNull(),
  rows: jsonb('rows').$type<unknown[]>().notNull(),
  committedAt: tstz('committed_at'),
  result: jsonb('result').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});

