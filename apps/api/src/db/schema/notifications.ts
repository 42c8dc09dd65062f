import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, i18nText, tstz, updatedAt } from './columns';
import { branches } from './geo';
import { users } from './users';

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

/** Channels a notification can go out on besides the portal itself. */
export type DeliveryChannel = 'sms' | 'telegram' | 'push';
export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'delivered' | 'failed' | 'skipped';

/**
 * The delivery log: one row per message and channel. The unique pair is the idempotency key: a message
 * is sent at most once per channel, whatever the queue redelivers.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    providerRef: text('provider_ref'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_message_channel_uq').on(t.notificationId, t.channel),
    index('notification_deliveries_user_idx').on(t.userId, t.id.desc()),
  ],
);

/**
 * A customer's reachability on a channel: consecutive failed messages, and when it was marked unreachable
 * (then it is skipped until the customer links or confirms it again). Telegram keeps the linked chat here.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    address: text('address'),
    failures: integer('failures').notNull().default(0),
    unreachableAt: tstz('unreachable_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** A customer's choices that differ from the defaults: event × channel on or off. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').$type<DeliveryChannel | 'portal'>().notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event, t.channel] })],
);

/** One-time tokens of t.me/<bot>?start=<token> links (only the hash is kept). */
export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
});

/**
 * Web push subscriptions of a customer's browsers: one row per account and endpoint, so a browser two accounts
 * subscribed gets both, and subscribing someone else's endpoint never takes it from them (issue 30).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_user_endpoint_uq').on(t.userId, t.endpoint)],
);

/**
 * An admin's message to many customers (all, or by branch, parcel status, language). It waits until send_at
 * (cancellable), then the fan-out job walks the customers in id order from `cursor`, a batch per job.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    title: i18nText('title').notNull(),
    body: i18nText('body').notNull(),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    status: text('status').$type<'china_warehouse' | 'in_transit' | 'at_branch' | 'delivered'>(),
    language: text('language').$type<'kk' | 'ru' | 'en'>(),
    state: text('state').$type<'scheduled' | 'sending' | 'sent' | 'cancelled'>().notNull().default('scheduled'),
    sendAt: tstz('send_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Counted at creation; set to the number reached when the fan-out ends. */
    recipients: integer('recipients').notNull().default(0),
    /** Recipients written so far; the user id the fan-out is cut into ranges after (0; ADR 096, broadcast_chunks). */
    progress: integer('progress').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [],
);

/**
 * A broadcast's recipients cut into id ranges (after_id, upto_id] of about BROADCAST_BATCH customers when its
 * fan-out starts; one queue job per range, several at once (ADR 096). `done_at` is set in the transaction that
 * wrote the range, so a redelivered job writes nothing twice and the last range to finish marks the broadcast sent.
 */
export const broadcastChunks = pgTable(
  'broadcast_chunks',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    afterId: integer('after_id').notNull(),
    /** Null for the last range: every customer after after_id (ids created while the broadcast runs too). */
    uptoId: integer('upto_id'),
    written: integer('written').notNull().default(0),
    doneAt: tstz('done_at'),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.afterId] })],
);
