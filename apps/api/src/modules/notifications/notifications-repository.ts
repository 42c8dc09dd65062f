import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { TNotificationType } from '@portal/contract';

export type NotificationRow = typeof notifications.$inferSelect;

/** How many of the newest notifications of each group the grouped list carries. */
export const GROUP_LIMIT = 50;

export const notificationsRepository = {
  /** The newest GROUP_LIMIT notifications of each group (one indexed query). */
  async latestPerGroup(db: DbOrTx, userId: number): Promise<NotificationRow[]> {
    const ranked = db
      .select({
        id: notifications.id,
        rn: sql<number>`row_number() over (partition by ${notifications.type} order by ${notifications.id} desc)`.as('rn'),
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inPortal, true)))
      .as('ranked');
    return db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        event: notifications.event,
        params: notifications.params,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        inPortal: notifications.inPortal,
        broadcastId: notifications.broadcastId,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .innerJoin(ranked, eq(ranked.id, notifications.id))
      .where(sql`${ranked.rn} <= ${GROUP_LIMIT}`)
      .orderBy(sql`${notifications.id} desc`);
  },

  async unreadCounts(db: DbOrTx, userId: number): Promise<Record<string, number>> {
    const rows = await db
      .select({ type: notifications.type, n: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.inPortal, true)))
      .groupBy(notifications.type);
    return Object.fromEntries(rows.map((r) => [r.type, r.n]));
  },

  async markRead(db: DbOrTx, userId: number, filter: { type?: TNotificationType; ids?: number[] }): Promise<void> {
    const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
    if (filter.type) conditions.push(eq(notifications.type, filter.type));
    if (filter.ids?.length) conditions.push(inArray(notifications.id, filter.ids));
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(...conditions));
  },

  async insert(db: DbOrTx, rows: (typeof notifications.$inferInsert)[]) {
    if (!rows.length) return [];
    return bulkInsert(db, notifications, rows, ['id', 'userId', 'event']);
  },
};
