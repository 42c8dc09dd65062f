import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import type { TCustomsHoldReason } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { readMinor } from '../../db/schema/columns';
import type { PageAt } from '../../lib/cursor';
import { branches, flightArrivals, orderBoxes, orderEvents, orderStatuses, orders, sessions, users } from '../../db/schema';
import type { SessionRow } from '../auth/sessions-repository';
import type { UserRow } from '../users/users-repository';

/** What a customer's order card needs. */
export const cardColumns = {
  id: orders.id,
  userId: orders.userId,
  trackCode: orders.trackCode,
  name: orders.name,
  weight: orders.weight,
  price: orders.price,
  currency: orders.currency,
  statusId: orders.statusId,
  receivedAt: orders.receivedAt,
  arrivedAt: orders.arrivedAt,
  deliveredAt: orders.deliveredAt,
  storageUntil: orders.storageUntil,
  /** Minor units per day after storage_until (0 = free): the countdown's "then N ₸ a day". */
  storageFeePerDay: orders.storageFeePerDay,
  archivedAt: orders.archivedAt,
  /** What the card's weights block needs (the chargeable weight beside the price). */
  dimensions: orders.dimensions,
  volumetricWeight: orders.volumetricWeight,
  volumetricDivisor: orders.volumetricDivisor,
  /**
   * Its flight's expected arrival at its branch (YYYY-MM-DD), read from the flight (a delay changes it for all). The
   * names are written out qualified: in a one-table select Drizzle drops the table from an interpolated column, which made the
   * subquery compare flight_arrivals with itself (more than one row as soon as a flight has two destinations).
   */
  expectedArrival: sql<
    string | null
  >`(select fa.expected_arrival::text from ${flightArrivals} fa where fa.flight_id = ${orders}.flight_id and fa.branch_id = ${orders}.branch_id)`,
  /** Boxes it was received as (issue 35; no rows = one box), read by order_boxes' primary key. */
  boxCount: sql<number>`(select count(*)::int from ${orderBoxes} ob where ob.order_id = ${orders}.id)`.mapWith(Number),
  /** Held by customs (issue 36): since when, why, staff's note. */
  customsHeldAt: orders.customsHeldAt,
  customsHoldReason: orders.customsHoldReason,
  customsHoldNote: orders.customsHoldNote,
  /** Minor units fixed at dispatch (ADR 090), charged with the price; 0 = not insured. */
  insurancePremium: orders.insurancePremium,
  /** The premium's currency while insured: the parcel's, or before arrival its branch's (null when not insured). */
  insuranceCurrency: sql<
    string | null
  >`(case when ${orders}.insurance_premium > 0 then coalesce(${orders}.currency, (select b.currency from ${branches} b where b.id = ${orders}.branch_id)) end)`,
};
type OrderRow = typeof orders.$inferSelect;

/**
 * An order card as one JSON array (`numberedPageWithSession`): the card's columns in order, timestamps as epoch
 * milliseconds, numerics as JSON numbers (the `decimal` column's own reading; the price's bigint minor units checked
 * by `readMinor` as the `minorUnits` column does), so `fromPageJson` gives what drizzle
 * reads for `cardColumns` (test/orders-api.test.ts compares the two).
 */
const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const pageJson = sql`json_build_array(${orders.id}, ${orders.userId}, ${orders.trackCode}, ${orders.name}, ${orders.weight}, ${orders.price},
  ${orders.currency}, ${orders.statusId}, ${epochMs(orders.receivedAt)}, ${epochMs(orders.arrivedAt)}, ${epochMs(orders.deliveredAt)},
  ${orders.storageUntil}::text, ${epochMs(orders.archivedAt)}, ${cardColumns.expectedArrival},
  ${orders.dimensions}, ${orders.volumetricWeight}, ${orders.volumetricDivisor}, ${orders.storageFeePerDay}, ${cardColumns.boxCount},
  ${epochMs(orders.customsHeldAt)}, ${orders.customsHoldReason}, ${orders.customsHoldNote},
  ${orders.insurancePremium}, ${cardColumns.insuranceCurrency})`;
type PageJsonRow = [
  number,
  number | null,
  string,
  string,
  number,
  number | null,
  string | null,
  number,
  number,
  number | null,
  number | null,
  string | null,
  number | null,
  string | null,
  { length: number; width: number; height: number } | null,
  number | null,
  number | null,
  number | string,
  number,
  number | null,
  TCustomsHoldReason | null,
  string | null,
  number | string,
  string | null,
];
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));
const fromPageJson = (r: PageJsonRow): OrderCardRow => ({
  id: r[0],
  userId: r[1],
  trackCode: r[2],
  name: r[3],
  weight: r[4],
  price: r[5] === null ? null : readMinor(r[5]),
  currency: r[6],
  statusId: r[7],
  receivedAt: new Date(r[8]),
  arrivedAt: dateOf(r[9]),
  deliveredAt: dateOf(r[10]),
  storageUntil: r[11],
  archivedAt: dateOf(r[12]),
  expectedArrival: r[13],
  dimensions: r[14],
  // numeric in json is a JSON number: Number() keeps the decimal column's own reading.
  volumetricWeight: r[15] === null ? null : Number(r[15]),
  volumetricDivisor: r[16],
  storageFeePerDay: readMinor(r[17]),
  boxCount: r[18],
  customsHeldAt: dateOf(r[19]),
  customsHoldReason: r[20],
  customsHoldNote: r[21],
  insurancePremium: readMinor(r[22]),
  insuranceCurrency: r[23],
});

export type OrderCardRow = Pick<OrderRow, Exclude<keyof typeof cardColumns, 'expectedArrival' | 'boxCount' | 'insuranceCurrency'>> & {
  expectedArrival: string | null;
  boxCount: number;
  insuranceCurrency: string | null;
};
export type OrderDetailsRow = OrderCardRow & Pick<OrderRow, 'tariff' | 'branchId' | 'dispatchedAt' | 'receiptId'>;

export type StatusRow = typeof orderStatuses.$inferSelect;
export type StatusRef = Pick<StatusRow, 'id' | 'code' | 'name'>;

/** Only the owner's row: every customer query goes through this condition. */
const owned = (userId: number, id: number) => and(eq(orders.id, id), eq(orders.userId, userId));

export const ordersRepository = {
  /** The owner's parcels at a branch (not archived), per branch and currency, the earliest last free day first. */
  /** The caller's parcels waiting at a branch, per branch and currency (only `branchId`'s when given). */
  async waiting(db: DbOrTx, userId: number, branchId?: number) {
    return db
      .select({
        branchId: orders.branchId,
        ids: sql<number[]>`array_agg(${orders.id} order by ${orders.id})`,
        branchName: branches.name,
        count: sql<number>`count(*)::int`,
        /** Minor units, as text (a sum of bigints is a numeric): the prices, and the premiums charged with them. */
        total: sql<string>`coalesce(sum(${orders.price}), 0)::text`,
        insurance: sql<string>`coalesce(sum(${orders.insurancePremium}), 0)::text`,
        currency: orders.currency,
        storageUntil: sql<string | null>`min(${orders.storageUntil})::text`,
        /** The parcels with a storage fee: [last free day, fee per day in minor units] each, for the contract's rule. */
        storage: sql<
          [string, number | string][] | null
        >`json_agg(json_build_array(${orders.storageUntil}::text, ${orders.storageFeePerDay})) filter (where ${orders.storageFeePerDay} > 0 and ${orders.storageUntil} is not null)`,
        timeZone: branches.timeZone,
      })
      .from(orders)
      .innerJoin(orderStatuses, and(eq(orderStatuses.id, orders.statusId), eq(orderStatuses.code, 'at_branch')))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .where(and(eq(orders.userId, userId), isNull(orders.archivedAt), ...(branchId !== undefined ? [eq(orders.branchId, branchId)] : [])))
      .groupBy(orders.branchId, branches.name, branches.timeZone, orders.currency)
      .orderBy(sql`min(${orders.storageUntil}) asc nulls last`, asc(orders.branchId));
  },

  /** Every status in order (each order list and order asks: a prepared statement). */
  async statuses(db: DbOrTx): Promise<StatusRow[]> {
    return prepared(db, 'order_statuses', () =>
      db.select().from(orderStatuses).orderBy(asc(orderStatuses.position)).prepare('order_statuses'),
    ).execute();
  },

  /** The caller's not-archived orders per status id (served by orders_user_status_idx). */
  async countsByStatus(db: DbOrTx, userId: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ statusId: orders.statusId, n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNull(orders.archivedAt)))
      .groupBy(orders.statusId);
    return new Map(rows.map((r) => [r.statusId, Number(r.n)]));
  },

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

  async findOwned(db: DbOrTx, userId: number, id: number): Promise<OrderDetailsRow | null> {
    const [row] = await db
      .select({
        ...cardColumns,
        tariff: orders.tariff,
        branchId: orders.branchId,
        dispatchedAt: orders.dispatchedAt,
        receiptId: orders.receiptId,
      })
      .from(orders)
      .where(owned(userId, id))
      .limit(1);
    return row ?? null;
  },

  async findOwnedByTrackCode(db: DbOrTx, userId: number, trackCode: string): Promise<OrderCardRow | null> {
    const [row] = await db
      .select(cardColumns)
      .from(orders)
      .where(and(eq(orders.trackCode, trackCode), eq(orders.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async findCardById(db: DbOrTx, id: number): Promise<OrderCardRow | null> {
    const [row] = await db.select(cardColumns).from(orders).where(eq(orders.id, id)).limit(1);
    return row ?? null;
  },

  /** One order by its (already normalised) tracking code: who owns it, if anyone, how they got it, whether it is disputed. */
  async findByTrackCode(
    db: DbOrTx,
    trackCode: string,
  ): Promise<{ id: number; userId: number | null; ownerSource: string | null; disputedAt: Date | null } | null> {
    const [row] = await db
      .select({ id: orders.id, userId: orders.userId, ownerSource: orders.ownerSource, disputedAt: orders.disputedAt })
      .from(orders)
      .where(eq(orders.trackCode, trackCode))
      .limit(1);
    return row ?? null;
  },

  async branch(db: DbOrTx, branchId: number): Promise<Pick<typeof branches.$inferSelect, 'id' | 'name' | 'address'> | null> {
    const [row] = await db
      .select({ id: branches.id, name: branches.name, address: branches.address })
      .from(branches)
      .where(eq(branches.id, branchId))
      .limit(1);
    return row ?? null;
  },

  /** The order's history, oldest first, with the branch each event happened at. */
  async events(db: DbOrTx, orderId: number) {
    return db
      .select({
        action: orderEvents.action,
        statusId: orderEvents.statusId,
        at: orderEvents.at,
        branchName: branches.name,
        details: orderEvents.details,
      })
      .from(orderEvents)
      .leftJoin(branches, eq(branches.id, orderEvents.branchId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  },
};
