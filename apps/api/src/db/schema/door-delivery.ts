import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TDoorDeliveryState, TDoorFailReason } from '@portal/contract';
import { createdAt, minorUnits, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { orders } from './orders';
import { users } from './users';

/**
 * Door delivery (issue 37, ADR 094), owned by the door-delivery module. A branch's zones are postcode lists priced
 * base + per kg (minor units of the branch's currency). `door_deliveries` is one request per parcel:
 * requested → assigned → out → delivered | failed | cancelled; at most one not final per parcel (unique partial index).
 * The code the customer reads to the courier is kept as an HMAC only, with its tries counted by a guarded UPDATE.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    postcodes: text('postcodes').array().notNull(),
    basePrice: minorUnits('base_price').notNull(),
    perKgPrice: minorUnits('per_kg_price').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('delivery_zones_branch_idx').on(t.branchId)],
);

export const doorDeliveries = pgTable(
  'door_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    zoneId: integer('zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    zoneName: text('zone_name').notNull(),
    state: text('state').$type<TDoorDeliveryState>().notNull().default('requested'),
    street: text('street').notNull(),
    building: text('building').notNull(),
    apartment: text('apartment'),
    postcode: text('postcode').notNull(),
    note: text('note'),
    phone: text('phone').notNull(),
    /** The fee fixed when requested, minor units of `currency`. */
    fee: minorUnits('fee').notNull(),
    currency: text('currency').notNull(),
    courierUserId: integer('courier_user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }),
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: tstz('code_sent_at'),
    failReason: text('fail_reason').$type<TDoorFailReason>(),
    receiptId: integer('receipt_id'),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('door_deliveries_open_order_uq')
      .on(t.orderId)
      .where(sql`state in ('requested', 'assigned', 'out')`),
    index('door_deliveries_branch_state_idx').on(t.branchId, t.state),
    index('door_deliveries_courier_day_idx').on(t.courierUserId, t.day),
    index('door_deliveries_user_idx').on(t.userId),
  ],
);

/** Each visit at the door: delivered, or failed with its reason (the parcel back on its shelf). */
export const doorDeliveryAttempts = pgTable(
  'door_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => doorDeliveries.id, { onDelete: 'cascade' }),
    courierUserId: integer('courier_user_id').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<'delivered' | 'failed'>().notNull(),
    reason: text('reason').$type<TDoorFailReason>(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('door_delivery_attempts_delivery_idx').on(t.deliveryId)],
);
