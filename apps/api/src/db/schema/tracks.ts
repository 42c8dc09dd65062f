import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

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
