import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { notifications } from '../../db/schema';
import type { TNotificationType } from '@portal/contract';

export type NotificationRow = typeof notifications.$inferSelect;

/** How many of the newest notifications of each group the grouped list carries. */
export const GROUP_LIMIT = 50;

/**
 * One shown notification as `latestWithUnread` reads it: id, group, event, a hash of its stored params (null without
 * params: then title and body are its frozen text), title, body, link, read, creation time in epoch milliseconds, and
 * its group's unread count. The params themselves are read only for texts not rendered yet (`paramsOf`).
 */
export type ShownNotificationRow = [
  id: number,
  type: TNotificationType,
  event: string | null,
  paramsHash: number | null,
  title: string | null,
  body: string | null,
  link: string | null,
  read: boolean,
  createdMs: number,
  unread: number,
];

/**
 * The statement of `latestWithUnread` for the user whose id is the SQL expression `userId` (`$1`, or a column of an
 * enclosing query: the session check of auth/user asks it in the same statement). Answers one text column `rows`.
 */
export function latestWithUnreadSql(userId: string): string {
  return `select coalesce(json_agg(json_build_array(n.id, n.type, n.event, hashtext(n.params::text), n.title, n.body, n.link,
      n.read_at is not null, (extract(epoch from n.created_at) * 1000)::float8, r.unread) order by n.id desc), '[]')::text as rows
    from (
      select id, row_number() over (partition by type order by id desc) as rn,
        (count(*) filter (where read_at is null) over (partition by type))::int as unread
      from notifications where user_id = ${userId} and in_portal
    ) r
    join notifications n on n.id = r.id
    where r.rn <= ${GROUP_LIMIT}`;
}

/** The rows of `latestWithUnreadSql`'s answer. */
export const parseShown = (rows: string | null | undefined): ShownNotificationRow[] => JSON.parse(rows ?? '[]') as ShownNotificationRow[];

export const notificationsRepository = {
  /**
   * The newest GROUP_LIMIT notifications of each group shown in the portal, newest first, each carrying its group's
   * unread count (every group with unread notifications has a first row). What every signed-in page load asks
   * (auth/user): one prepared statement answering one JSON value, where a list query and a count query answered a
   * row of ten fields per notification (each field decoded by the driver, the params parsed every time).
   */
  async latestWithUnread(db: DbOrTx, userId: number): Promise<ShownNotificationRow[]> {
    const [row] = await preparedSql<{ rows: string }>(db, 'notifications_latest_with_unread', latestWithUnreadSql('$1'), 1).execute([
      userId,
    ]);
    return parseShown(row?.rows);
  },

  /** The stored params of these notifications (the texts not rendered yet), with the hash `latestWithUnread` gives. */
  async paramsOf(db: DbOrTx, ids: number[]): Promise<{ id: number; params: Record<string, unknown> | null; params_hash: number | null }[]> {
    const rows = await preparedSql<{ id: number | string; params: Record<string, unknown> | null; params_hash: number | null }>(
      db,
      'notifications_params',
      'select id, params, hashtext(params::text) as params_hash from notifications where id = any($1::bigint[])',
      1,
    ).execute([ids]);
    return rows.map((r) => ({ id: Number(r.id), params: r.params, params_hash: r.params_hash }));
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
