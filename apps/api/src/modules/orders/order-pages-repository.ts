import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { PageAt } from '../../lib/cursor';
import { orderStatuses, orders, sessions, users } from '../../db/schema';
import type { SessionRow } from '../auth/sessions-repository';
import type { UserRow } from '../users/users-repository';
import { cardColumns, fromPageJson, pageJson, type OrderCardRow, type PageJsonRow } from './order-cards';
import type { StatusRef } from './orders-repository';

/**
 * The pages of a customer's order lists (by status, numbered or by cursor, and the archive), each read through the
 * indexes made for it (ADR 063) so its cost depends on the customer's own orders, never on the table's size.
 */
export const orderPagesRepository = {
  /**
   * A numbered page of the caller's orders in a status in one statement (the order list every customer opens):
   * the status (no row when it does not exist), the count of the customer's not-archived orders in it and the page's
   * rows (up to perPage + 1, newest first; none when the page is empty: one row with `order` null). The page's ids
   * and the count come from orders_user_status_idx as in `pageByStatusQueries`; this asks the database once where
   * that asks it three times (the statuses, the rows, the count). Values or placeholders (exposed for EXPLAIN).
   */
  numberedPageQuery(
    db: DbOrTx,
    v: { userId: number | Placeholder; statusId: number | Placeholder; limit: number | Placeholder; offset: number | Placeholder },
  ) {
    const where = and(eq(orders.userId, v.userId), eq(orders.statusId, v.statusId), isNull(orders.archivedAt));
    const ids = db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.id)).limit(v.limit).offset(v.offset);
    return db
      .select({
        status: { id: orderStatuses.id, code: orderStatuses.code, name: orderStatuses.name },
        total: sql<number>`(select count(*)::int from ${orders} where ${where})`.mapWith(Number),
        order: cardColumns,
      })
      .from(orderStatuses)
      .leftJoin(orders, and(inArray(orders.id, ids), eq(orders.userId, v.userId)))
      .where(eq(orderStatuses.id, v.statusId))
      .orderBy(desc(orders.id));
  },

  /** `numberedPageQuery` prepared: the status (null when unknown), the total and the page's rows. */
  async numberedPage(
    db: DbOrTx,
    userId: number,
    statusId: number,
    at: { page: number; perPage: number },
  ): Promise<{ status: StatusRef | null; rows: OrderCardRow[]; total: number }> {
    const query = prepared(db, 'orders_numbered_page', () =>
      this.numberedPageQuery(db, {
        userId: sql.placeholder('userId'),
        statusId: sql.placeholder('statusId'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      }).prepare('orders_numbered_page'),
    );
    const found = await query.execute({ userId, statusId, limit: at.perPage + 1, offset: (at.page - 1) * at.perPage });
    const first = found[0];
    if (!first) return { status: null, rows: [], total: 0 };
    const rows: OrderCardRow[] = [];
    for (const r of found) if (r.order) rows.push(r.order);
    return { status: first.status, rows, total: first.total };
  },

  /**
   * `numberedPage` with the session check's rows in the same statement, for the list every customer opens (GET
   * orders/status/{id}/orders through `app.authenticateWith`): the session `sessionId` and its user, the status (null
   * when unknown), the count and the page of `userId`'s orders (the token's user: what the session check admits only
   * when the session is that user's, so no other customer's rows are ever shown). One round trip instead of two; the
   * page's ids and the count come from orders_user_status_idx as in `numberedPageQuery`. The page is one JSON value
   * (`pageJson`) in the session's one row: as rows beside it, every order repeated the session and user columns, and
   * decoding those cost about what the saved round trip did. Undefined: no such session.
   */
  async numberedPageWithSession(
    db: DbOrTx,
    sessionId: string,
    userId: number,
    statusId: number,
    at: { page: number; perPage: number },
  ): Promise<{ session: SessionRow; user: UserRow; status: StatusRef | null; rows: OrderCardRow[]; total: number } | undefined> {
    const query = prepared(db, 'orders_numbered_page_with_session', () => {
      const v = {
        userId: sql.placeholder('userId'),
        statusId: sql.placeholder('statusId'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      };
      const where = and(eq(orders.userId, v.userId), eq(orders.statusId, v.statusId), isNull(orders.archivedAt));
      const ids = db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.id)).limit(v.limit).offset(v.offset);
      return db
        .select({
          session: sessions,
          user: users,
          status: { id: orderStatuses.id, code: orderStatuses.code, name: orderStatuses.name },
          total: sql<number>`(select count(*)::int from ${orders} where ${where})`.mapWith(Number),
          page: sql<string>`(select coalesce(json_agg(${pageJson} order by ${orders.id} desc), '[]')::text from ${orders} where ${and(inArray(orders.id, ids), eq(orders.userId, v.userId))})`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(orderStatuses, eq(orderStatuses.id, v.statusId))
        .where(eq(sessions.id, sql.placeholder('sessionId')))
        .limit(1)
        .prepare('orders_numbered_page_with_session');
    });
    const [found] = await query.execute({ sessionId, userId, statusId, limit: at.perPage + 1, offset: (at.page - 1) * at.perPage });
    if (!found) return undefined;
    const rows = found.status ? (JSON.parse(found.page) as PageJsonRow[]).map(fromPageJson) : [];
    return { session: found.session, user: found.user, status: found.status, rows, total: found.status ? found.total : 0 };
  },

  /**
   * The queries of one page of the caller's orders in a status, newest first (exposed so a test can EXPLAIN exactly
   * what runs). Both match the partial index orders_user_status_idx (user_id, status_id, id desc) where archived_at is
   * null, so their cost depends on this customer's orders only, never on the table's size. The page's ids come first,
   * from the index alone (an index-only scan, however deep the offset); only those rows are then read, so the rows an
   * offset skips are never fetched from the table nor given their flight's date. One row more than the page says
   * whether another follows. A cursor page (`afterId`) starts below the last row seen and counts nothing.
   */
  pageByStatusQueries(db: DbOrTx, userId: number, statusId: number, at: PageAt) {
    const where = and(eq(orders.userId, userId), eq(orders.statusId, statusId), isNull(orders.archivedAt));
    const ids = db
      .select({ id: orders.id })
      .from(orders)
      .where('afterId' in at ? and(where, lt(orders.id, at.afterId)) : where)
      .orderBy(desc(orders.id))
      .limit(at.perPage + 1)
      .offset('page' in at ? (at.page - 1) * at.perPage : 0);
    return {
      ids,
      rows: db
        .select(cardColumns)
        .from(orders)
        .where(and(inArray(orders.id, ids), eq(orders.userId, userId)))
        .orderBy(desc(orders.id)),
      total: db.select({ n: count() }).from(orders).where(where),
    };
  },

  /** One page of the caller's orders in a status (up to perPage + 1 rows), with the total for a numbered page. */
  async pageByStatus(db: DbOrTx, userId: number, statusId: number, at: PageAt): Promise<{ rows: OrderCardRow[]; total: number | null }> {
    const q = this.pageByStatusQueries(db, userId, statusId, at);
    if ('afterId' in at) return { rows: await q.rows, total: null };
    const [rows, [totalRow]] = await Promise.all([q.rows, q.total]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  },

  /**
   * One page of the caller's archived orders, most recently archived first (up to perPage + 1 rows), the same way:
   * ids from orders_user_archived_idx (user_id, archived_at, id) alone, then those rows. A cursor holds the last row's
   * archive time in microseconds (exact) and id.
   */
  async pageArchived(
    db: DbOrTx,
    userId: number,
    at: { page: number; perPage: number } | { after: { micros: string; id: number }; perPage: number },
  ): Promise<{ rows: (OrderCardRow & { archivedMicros: string })[]; total: number | null }> {
    const where = and(eq(orders.userId, userId), isNotNull(orders.archivedAt));
    const after =
      'after' in at
        ? sql`(${orders.archivedAt}, ${orders.id}) < (timestamptz 'epoch' + ${at.after.micros}::bigint * interval '1 microsecond', ${at.after.id})`
        : undefined;
    const ids = db
      .select({ id: orders.id })
      .from(orders)
      .where(after ? and(where, after) : where)
      .orderBy(desc(orders.archivedAt), desc(orders.id))
      .limit(at.perPage + 1)
      .offset('page' in at ? (at.page - 1) * at.perPage : 0);
    const rows = db
      .select({ ...cardColumns, archivedMicros: sql<string>`(extract(epoch from ${orders.archivedAt}) * 1000000)::bigint::text` })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.userId, userId)))
      .orderBy(desc(orders.archivedAt), desc(orders.id));
    if (after) return { rows: await rows, total: null };
    const [list, [totalRow]] = await Promise.all([rows, db.select({ n: count() }).from(orders).where(where)]);
    return { rows: list, total: Number(totalRow?.n ?? 0) };
  },
};
