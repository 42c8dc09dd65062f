import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TCustomsHoldReason, TParcelPhotoKind } from '@portal/contract';
import { createdAt, decimal, i18nText, minorUnits, tstz, updatedAt, version } from './columns';
import { branches } from './geo';
import { flights } from './flights';
import { users } from './users';

/** The lifecycle of design.md: china_warehouse → in_transit → at_branch → delivered. */
export const orderStatuses = pgTable('order_statuses', {
  id: serial('id').primaryKey(),
  code: text('code').$type<'china_warehouse' | 'in_transit' | 'at_branch' | 'delivered'>().notNull().unique(),
  position: integer('position').notNull(),
  name: i18nText('name').notNull(),
  /** Names are edited by admins (admin/statuses); codes and order never change. */
  version: version(),
  updatedAt: updatedAt(),
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
    /** cm, measured at receipt (optional). */
    dimensions: jsonb('dimensions').$type<{ length: number; width: number; height: number }>(),
    /** L × W × H / divisor in kg, computed at receipt with the divisor then in force (kept beside it). */
    volumetricWeight: decimal('volumetric_weight', { precision: 10, scale: 3 }),
    volumetricDivisor: integer('volumetric_divisor'),
    /** chargeable weight × tariff, minor units of `currency`; null until the parcel arrives at its branch. */
    price: minorUnits('price'),
    currency: text('currency'),
    /** The branch's tariff per kg when it arrived, minor units. */
    tariff: minorUnits('tariff'),
    statusId: integer('status_id')
      .notNull()
      .references(() => orderStatuses.id),
    /** The branch the parcel is addressed to (the owner's branch when it was received or claimed). */
    branchId: integer('branch_id').references(() => branches.id),
    /** The client code written on the label, if any. */
    labelClientCode: text('label_client_code'),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    dispatchedAt: tstz('dispatched_at'),
    arrivedAt: tstz('arrived_at'),
    deliveredAt: tstz('delivered_at'),
    storageUntil: date('storage_until', { mode: 'string' }),
    /** Minor units per day after storage_until: the branch's fee when it arrived (0 = free storage, ADR 073). */
    storageFeePerDay: minorUnits('storage_fee_per_day').notNull().default(0),
    /** The insurance premium charged with the parcel (minor units of `currency`'s branch), fixed at dispatch from the
     * owner's insured declaration (issue 36); 0 = not insured. */
    insurancePremium: minorUnits('insurance_premium').notNull().default(0),
    archivedAt: tstz('archived_at'),
    receiptId: integer('receipt_id'),
    /** The flight it was dispatched on. */
    flightId: integer('flight_id').references(() => flights.id),
    /**
     * How the owner got it (ADR 021): 'saved_track' (they saved the code and nothing else named them: another
     * customer saving the code later makes it disputed), 'label' (the label's client code named them) or 'staff'
     * (assigned after a check). Never disputed unless 'saved_track'.
     */
    ownerSource: text('owner_source').$type<'saved_track' | 'label' | 'staff'>(),
    /** Set while the parcel is held as disputed (no owner; several customers saved its code): staff assign it. */
    disputedAt: tstz('disputed_at'),
    /**
     * Held by customs (issue 36, ADR 085): set while held (in transit only), with the reason staff picked and their
     * note; arrival refuses a held parcel. The history (order_events customs_held / customs_released) keeps every hold.
     */
    customsHeldAt: tstz('customs_held_at'),
    customsHoldReason: text('customs_hold_reason').$type<TCustomsHoldReason>(),
    customsHoldNote: text('customs_hold_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_track_code_idx').on(t.trackCode),
    // The customer's list per status, newest first, archived apart: one index serves it at any size. NULLS FIRST is
    // what ORDER BY id DESC means: with Drizzle's default (DESC NULLS LAST) the planner could not use the index's order
    // and sorted every row of the customer's status to answer one page (ADR 063).
    index('orders_user_status_idx')
      .on(t.userId, t.statusId, t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    // The archive, most recently archived first; the id makes the order total, so a cursor (archived_at, id) resumes exactly.
    index('orders_user_archived_idx')
      .on(t.userId, t.archivedAt, t.id)
      .where(sql`${t.archivedAt} is not null`),
    index('orders_status_branch_idx').on(t.statusId, t.branchId),
    // The dashboard's flows per day: each event's day range is read from its own index, with the branch, so a
    // period costs the parcels moved in it, never the table's size (bench/dashboard.mjs, ADR 061).
    index('orders_received_at_idx').on(t.receivedAt, t.branchId),
    index('orders_dispatched_at_idx').on(t.dispatchedAt, t.branchId),
    index('orders_arrived_at_idx').on(t.arrivedAt, t.branchId),
    index('orders_delivered_at_idx').on(t.deliveredAt, t.branchId),
    index('orders_flight_idx')
      .on(t.flightId, t.branchId)
      .where(sql`${t.flightId} is not null`),
    index('orders_customs_held_idx')
      .on(t.customsHeldAt)
      .where(sql`${t.customsHeldAt} is not null`),
    index('orders_disputed_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputedAt} is not null`),
    index('orders_unclaimed_idx')
      .on(t.trackCode)
      .where(sql`${t.userId} is null`),
    // The worklists read their first page in index order (bench/dashboard.mjs): unclaimed parcels oldest first, and
    // parcels at a branch by the day their free storage ended.
    index('orders_unclaimed_received_idx')
      .on(t.receivedAt, t.id)
      .where(sql`${t.userId} is null`),
    index('orders_status_storage_idx').on(t.statusId, t.storageUntil, t.id),
    index('orders_track_code_trgm_idx').using('btree', sql`upper(${t.trackCode}) text_pattern_ops`),
  ],
);

/**
 * A parcel's photos by kind (ADR 081): `key` is the stored photo (processed: oriented, no metadata, at most
 * PHOTO_MAX_SIDE px), `thumb_key` its thumbnail. Served only through short-lived signed addresses. At most
 * MAX_PARCEL_PHOTOS per parcel and kind, counted under the parcel's row lock.
 */
export const parcelPhotos = pgTable(
  'parcel_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TParcelPhotoKind>().notNull(),
    key: text('key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    /** The staff member who took it (null: migrated from before ADR 081, or the account was erased). */
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenAt: tstz('taken_at').notNull().defaultNow(),
  },
  (t) => [index('parcel_photos_order_idx').on(t.orderId, t.kind, t.id), uniqueIndex('parcel_photos_key_idx').on(t.key)],
);

/** The four flows of the dashboard: a parcel counts once in each, on the day its timestamp falls (REPORT_TIME_ZONE). */
export type TParcelFlowKind = 'received' | 'dispatched' | 'arrived' | 'delivered';

/**
 * How many parcels were received, dispatched, arrived and delivered per calendar day (in REPORT_TIME_ZONE) and per
 * branch the parcel is addressed to now (null: none yet) — kept by the parcels module in the same transaction as every
 * write that sets a timestamp or moves a parcel to another branch (parcels/parcel-flows.ts), so the dashboard reads at
 * most days × branches × 4 rows instead of counting the period's events (ADR 061). Always equal to the recount from
 * orders' timestamps (a test checks it after a mixed workload). No foreign key on branch_id: a derived count never
 * holds a branch back.
 */
export const parcelFlowDays = pgTable(
  'parcel_flow_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    kind: text('kind').$type<TParcelFlowKind>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('parcel_flow_days_key').on(t.day, t.branchId, t.kind).nullsNotDistinct()],
);

/** Every status change and staff action on an order: the timeline and the audit trail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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

/**
 * Parcels a branch received although they were addressed to another branch (manage/arrive with accept_other_branch,
 * always with a reason): the branch they were going to reads them in its worklist `readdressed` (who took which parcel,
 * when, why), and the owner was told their pickup branch changed. Written by the parcels module with the arrival.
 */
export const parcelReaddresses = pgTable(
  'parcel_readdresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromBranchId: integer('from_branch_id')
      .notNull()
      .references(() => branches.id),
    toBranchId: integer('to_branch_id')
      .notNull()
      .references(() => branches.id),
    reason: text('reason').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('parcel_readdresses_from_idx').on(t.fromBranchId, t.at), index('parcel_readdresses_at_idx').on(t.at)],
);

/**
 * Storage reminders already sent: one row per parcel and (the branch's) calendar day. The primary key is the
 * idempotency key of the daily reminder job: however often and in however many processes it runs, a parcel
 * gets at most one reminder a day.
 */
export const storageReminders = pgTable(
  'storage_reminders',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Days left to collect on that day (0 = the last free day). */
    daysLeft: integer('days_left').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);

/**
 * Customers told that a parcel of theirs could not leave China for a missing personal number (issue 36, event
 * customs_id_needed): one row per customer and (the branch's) calendar day. The primary key is the guard: however many
 * dispatches are refused, in however many processes, a customer is told at most once a day.
 */
export const customsIdNotices = pgTable(
  'customs_id_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
