import { NOTIFICATION_TYPES, type TNotification, type TNotificationGroups, type TNotificationType } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { notificationsRepository, type NotificationRow } from './notifications-repository';

const NEW_FOR_MS = 24 * 3600 * 1000;

function toNotification(row: Pick<NotificationRow, 'id' | 'type' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'>): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    new: row.readAt === null && Date.now() - row.createdAt.getTime() < NEW_FOR_MS,
    created_at: row.createdAt.toISOString(),
  };
}

export const notificationsService = {
  /** Every group key, each with its newest items and unread count. */
  async groupsForUser(db: DbOrTx, userId: number): Promise<TNotificationGroups> {
    const [rows, unread] = await Promise.all([
      notificationsRepository.latestPerGroup(db, userId),
      notificationsRepository.unreadCounts(db, userId),
    ]);
    const groups: TNotificationGroups = {};
    for (const type of NOTIFICATION_TYPES) groups[type] = { data: [], unread: unread[type] ?? 0 };
    for (const row of rows) groups[row.type]?.data.push(toNotification(row));
    return groups;
  },

  async markRead(db: DbOrTx, userId: number, filter: { type?: TNotificationType; ids?: number[] }): Promise<TNotificationGroups> {
    await notificationsRepository.markRead(db, userId, filter);
    return this.groupsForUser(db, userId);
  },

  /** Creates notifications (already rendered in each recipient's language). */
  async notify(
    db: DbOrTx,
    items: { userId: number; type: TNotificationType; title: string; body: string; link?: string | null }[],
  ): Promise<void> {
    await notificationsRepository.insert(
      db,
      items.map((i) => ({ userId: i.userId, type: i.type, title: i.title, body: i.body, link: i.link ?? null })),
    );
  },
};
