import { and, eq, getTableName, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { sessionChanged, userChanged } from './session-cache';
import { latestWithUnreadSql, parseShown, type ShownNotificationRow } from '../notifications/notifications-repository';

export type SessionRow = typeof sessions.$inferSelect;

/** md5 in hex: the length of the fingerprint in front of `findWithUserAndNotifications`'s notifications column. */
const FINGERPRINT_LENGTH = 32;

/** The fingerprint and, when the database sent them, the rows of `findWithUserAndNotifications`'s notifications column. */
function shownOrKept(column: string): { fingerprint: string; rows: ShownNotificationRow[] | null } {
  return {
    fingerprint: column.slice(0, FINGERPRINT_LENGTH),
    rows: column.length > FINGERPRINT_LENGTH ? parseShown(column.slice(FINGERPRINT_LENGTH)) : null,
  };
}

export const sessionsRepository = {
  async create(db: DbOrTx, s: { userId: number; jti: string; iat: number; userAgent?: string; ip?: string }): Promise<SessionRow> {
    const [row] = await db
      .insert(sessions)
      .values({ userId: s.userId, currentJti: s.jti, currentIssuedAt: s.iat, userAgent: s.userAgent?.slice(0, 300), ip: s.ip })
      .returning();
    return row!;
  },

  /** The session and its user (every signed-in request asks: a prepared statement). */
  async findWithUser(db: DbOrTx, sessionId: string) {
    const query = prepared(db, 'session_with_user', () =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sql.placeholder('sessionId')))
        .limit(1)
        .prepare('session_with_user'),
    );
    const [row] = await query.execute({ sessionId });
    return row;
  },

  /**
   * The session and its user, with the user's notification rows as `notifications_latest_with_unread` answers them
   * (`latestWithUnreadSql`): GET auth/user checks the session and reads what it shows in one round trip. Only
   * what the session check admits is ever shown (`app.authenticateWith`).
   *
   * `fingerprint` is what the caller keeps for the session's user (`KeptGroups`, ADR 067), or null: the database
   * computes its own over exactly the JSON text it would answer (md5) and answers the rows only when the two differ
   * (`rows` null: the caller's are current). One text column carries both: the 32 hex digits, then the rows or nothing.
   */
  async findWithUserAndNotifications(db: DbOrTx, sessionId: string, fingerprint: string | null) {
    const query = prepared(db, 'session_with_user_and_kept_notifications', () =>
      db
        .select({
          session: sessions,
          user: users,
          notifications: sql<string>`(select case when x.fp = ${sql.placeholder('fingerprint')}::text then x.fp else x.fp || x.rows end
            from (select md5(l.rows) as fp, l.rows from (${sql.raw(latestWithUnreadSql(`${getTableName(users)}.id`))}) l) x)`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sql.placeholder('sessionId')))
        .limit(1)
        .prepare('session_with_user_and_kept_notifications'),
    );
    const [row] = await query.execute({ sessionId, fingerprint });
    return row && { ...row, notifications: shownOrKept(row.notifications) };
  },

  /** Moves the session to a new token only if `fromJti` is still its current one (one winner under concurrency). */
  async rotate(db: DbOrTx, sessionId: string, fromJti: string, to: { jti: string; iat: number }): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ previousJti: fromJti, currentJti: to.jti, currentIssuedAt: to.iat, rotatedAt: new Date(), lastSeenAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.currentJti, fromJti), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rows.length === 1) await sessionChanged(db, sessionId);
    return rows.length === 1;
  },

  async revoke(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await sessionChanged(db, sessionId);
  },

  /** Ends every session of a user, or every one but `exceptSessionId`. */
  async revokeAllForUser(db: DbOrTx, userId: number, reason: string, exceptSessionId?: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : sql`true`));
    await userChanged(db, userId);
  },
};
