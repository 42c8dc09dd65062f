import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type TLang, type TNotification, type TNotificationGroups, type TNotificationType } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { notificationsRepository, type NotificationRow } from './notifications-repository';
import { GROUP_OF_EVENT, renderMessage, type MessageEvent, type MessageParams } from './notification-texts';

const NEW_FOR_MS = 24 * 3600 * 1000;

type ShownRow = Pick<NotificationRow, 'id' | 'type' | 'event' | 'params' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'>;

/** A stored notification as the recipient reads it now: rendered in `lang` unless it is an old frozen text. */
function toNotification(row: ShownRow, lang: TLang): TNotification {
  const text = row.event && row.params
    ? renderMessage(row.event as MessageEvent, row.params as unknown as MessageParams, lang)
    : { title: row.title ?? '', body: row.body ?? '' };
  return {
    id: row.id,
    type: row.type,
    title: text.title,
    body: text.body,
    link: row.link,
    read: row.readAt !== null,
    new: row.readAt === null && Date.now() - row.createdAt.getTime() < NEW_FOR_MS,
    created_at: row.createdAt.toISOString(),
  };
}

/** One message to one person: what happened (event + params, never text) and where it leads. */
export interface NotifyMessage {
  userId: number;
  event: MessageEvent;
  params: MessageParams;
  link?: string | null;
}

async function languageOf(db: DbOrTx, userId: number): Promise<TLang> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.language ?? 'ru';
}

export const notificationsService = {
  /** Every group key, each with its newest items (in the user's current language) and unread count. */
  async groupsForUser(db: DbOrTx, userId: number, lang?: TLang): Promise<TNotificationGroups> {
    const [rows, unread, language] = await Promise.all([
      notificationsRepository.latestPerGroup(db, userId),
      notificationsRepository.unreadCounts(db, userId),
      lang ?? languageOf(db, userId),
    ]);
    const groups: TNotificationGroups = {};
    for (const type of NOTIFICATION_TYPES) groups[type] = { data: [], unread: unread[type] ?? 0 };
    for (const row of rows) groups[row.type]?.data.push(toNotification(row, language));
    return groups;
  },

  async markRead(db: DbOrTx, userId: number, filter: { type?: TNotificationType; ids?: number[] }): Promise<TNotificationGroups> {
    await notificationsRepository.markRead(db, userId, filter);
    return this.groupsForUser(db, userId);
  },

  /**
   * THE way other modules notify people: call it inside the transaction of the change that causes the
   * messages, so a rollback leaves nothing behind. Stores the event and params; texts are rendered in
   * each recipient's language when shown or sent.
   */
  async notify(db: DbOrTx, messages: NotifyMessage[]): Promise<void> {
    await notificationsRepository.insert(
      db,
      messages.map((m) => ({
        userId: m.userId,
        type: GROUP_OF_EVENT[m.event],
        event: m.event,
        params: m.params as unknown as Record<string, unknown>,
        link: m.link ?? null,
      })),
    );
  },
};
