import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
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
import type { TCustomsHoldReason, TParcelPhotoKind, TPaymentMethod } from '@portal/contract';
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

/** Tracking codes a customer registered before (or after) the parcel reached the warehouse. */
export const savedTracks = pgTable(
  'saved_tracks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackCode: text('track_code').notNull(),
    name: text('name'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_tracks_user_code_idx').on(t.userId, t.trackCode),
    index('saved_tracks_user_idx').on(t.userId, t.id.desc().nullsFirst()), // ORDER BY id DESC, as orders_user_status_idx
    index('saved_tracks_code_idx').on(t.trackCode),
  ],
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

/** One parcel of a receipt, as it was handed over (tariff and price in minor units). */
export interface ReceiptItemRow {
  order_id: number;
  track_code: string;
  name: string;
  weight: number;
  /**
   * What the chargeable weight was made of at hand-over (the line reads chargeable kg × tariff = price). Absent on
   * receipts written before they were recorded: those charged the actual weight.
   */
  dimensions?: { length: number; width: number; height: number } | null;
  volumetric_weight?: number | null;
  volumetric_divisor?: number | null;
  tariff: number;
  price: number;
  /** Paid storage days at hand-over and their fee in minor units (absent on receipts written before ADR 073). */
  storage_days?: number;
  storage_fee?: number;
  /**
   * The insurance premium charged with it (minor units, ADR 090) and the declared value it insured (minor units of
   * declared_currency); absent on lines without insurance and on receipts written before issue 36.
   */
  insurance?: number;
  declared_value?: number;
  declared_currency?: string;
}

/** A hand-over at a branch: what was paid for which parcels, by whom. */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    paymentMethod: text('payment_method').$type<TPaymentMethod>(),
    totalWeight: decimal('total_weight', { precision: 12, scale: 3 }).notNull(),
    /** Minor units: its items' prices added as integers (the contract's receiptTotalsMinor). */
    total: minorUnits('total').notNull(),
    currency: text('currency').notNull(),
    /**
     * Minor units: the paid storage its parcels had accrued (storageFeeOn), and what staff waived of it with their
     * reason. `total` = the items' charges (price + insurance) + storage_fee − storage_waived.
     */
    storageFee: minorUnits('storage_fee').notNull().default(0),
    storageWaived: minorUnits('storage_waived').notNull().default(0),
    storageWaiverReason: text('storage_waiver_reason'),
    /** A trusted person collected these parcels for the customer (ADR 091): who, with their phone masked. */
    collectedBy: jsonb('collected_by').$type<{ trusted_id: number; name: string; phone: string }>(),
    /** Its parcels as handed over; `tariff` and `price` in minor units like every amount kept. */
    items: jsonb('items').$type<ReceiptItemRow[]>().notNull(),
    /** When an admin undid this hand-over (its parcels went back to the branch, its money was reversed), and why. */
    undoneAt: tstz('undone_at'),
    undoReason: text('undo_reason'),
    /** A door delivery's close (ADR 094): its fee (minor units, in `total`) and the courier who delivered it. */
    doorFee: minorUnits('door_fee').notNull().default(0),
    doorCourier: text('door_courier'),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'orders' | 'news' | 'system'>().notNull(),
    event: text('event'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    title: text('title'),
    body: text('body'),
    link: text('link'),
    /** False when the customer turned the portal off for this event: kept (other channels send it) but not listed. */
    inPortal: boolean('in_portal').notNull().default(true),
    /** The admin broadcast it belongs to (its progress and delivery counts are read through this). */
    broadcastId: integer('broadcast_id'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    // One notification per broadcast and recipient: the set-wise fan-out's idempotency key (ADR 096).
    uniqueIndex('notifications_broadcast_user_uq')
      .on(t.broadcastId, t.userId)
      .where(sql`${t.broadcastId} is not null`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

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
