import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, savedTracks, users } from '../../db/schema';
import type { PageAt } from '../../lib/cursor';

export interface SavedTrackRow {
  id: number;
  trackCode: string;
  name: string | null;
  createdAt: Date;
  orderId: number | null;
  /** The matched order's status, when the order is (still) the caller's. */
  orderStatusId: number | null;
  /** The parcel with this code is held as disputed (staff are checking whose it is). */
  checking: boolean;
  /** The parcel with this code belongs to another customer (the check gave it to them, or its label named them). */
  givenToOther: boolean;
}

const trackColumns = {
  id: savedTracks.id,
  trackCode: savedTracks.trackCode,
  name: savedTracks.name,
  createdAt: savedTracks.createdAt,
  orderId: orders.id,
  orderStatusId: orders.statusId,
  // Only a yes/no about the parcel with this code, never its data (it is nobody's while disputed).
  checking:
    sql<boolean>`exists (select 1 from orders d where d.track_code = ${savedTracks.trackCode} and d.disputed_at is not null)`.mapWith(
      Boolean,
    ),
  // Again only a yes/no: the parcel with this code has an owner, and it is not this customer.
  givenToOther:
    sql<boolean>`exists (select 1 from orders g where g.track_code = ${savedTracks.trackCode} and g.user_id is not null and g.user_id <> ${savedTracks.userId})`.mapWith(
      Boolean,
    ),
};

/** The matched order only counts when it belongs to the same customer. */
const matchedOrder = and(eq(orders.id, savedTracks.orderId), eq(orders.userId, savedTracks.userId));

export const tracksRepository = {
  /**
   * One page of the caller's saved codes, newest first (up to perPage + 1 rows; the total for a numbered page only):
   * the page's ids from saved_tracks_user_idx alone, however deep the offset or below a cursor's id, then those rows
   * with their parcels.
   */
  async page(db: DbOrTx, userId: number, at: PageAt): Promise<{ rows: SavedTrackRow[]; total: number | null }> {
    const where = eq(savedTracks.userId, userId);
    const ids = db
      .select({ id: savedTracks.id })
      .from(savedTracks)
      .where('afterId' in at ? and(where, lt(savedTracks.id, at.afterId)) : where)
      .orderBy(desc(savedTracks.id))
      .limit(at.perPage + 1)
      .offset('page' in at ? (at.page - 1) * at.perPage : 0);
    const rows = db
      .select(trackColumns)
      .from(savedTracks)
      .leftJoin(orders, matchedOrder)
      .where(and(inArray(savedTracks.id, ids), where))
      .orderBy(desc(savedTracks.id));
    if ('afterId' in at) return { rows: await rows, total: null };
    const [list, [totalRow]] = await Promise.all([rows, db.select({ n: count() }).from(savedTracks).where(where)]);
    return { rows: list, total: Number(totalRow?.n ?? 0) };
  },

  async findByCode(db: DbOrTx, userId: number, trackCode: string): Promise<SavedTrackRow | null> {
    const [row] = await db
      .select(trackColumns)
      .from(savedTracks)
      .leftJoin(orders, matchedOrder)
      .where(and(eq(savedTracks.userId, userId), eq(savedTracks.trackCode, trackCode)))
      .limit(1);
    return row ?? null;
  },

  async findById(db: DbOrTx, userId: number, id: number): Promise<SavedTrackRow | null> {
    const [row] = await db
      .select(trackColumns)
      .from(savedTracks)
      .leftJoin(orders, matchedOrder)
      .where(and(eq(savedTracks.userId, userId), eq(savedTracks.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** The customers who saved this code, earliest first (a disputed parcel's savers). */
  async saverIds(db: DbOrTx, trackCode: string): Promise<number[]> {
    const rows = await db
      .select({ userId: savedTracks.userId })
      .from(savedTracks)
      .innerJoin(users, eq(users.id, savedTracks.userId))
      .where(and(eq(savedTracks.trackCode, trackCode), eq(users.role, 'customer')))
      .orderBy(asc(savedTracks.createdAt), asc(savedTracks.id));
    return rows.map((r) => r.userId);
  },

  /** Inserts a saved code; null when the customer already has it (unique user + code). */
  async insert(
    db: DbOrTx,
    row: { userId: number; trackCode: string; name: string | null; orderId: number | null },
  ): Promise<{ id: number } | null> {
    const [inserted] = await db
      .insert(savedTracks)
      .values(row)
      .onConflictDoNothing({ target: [savedTracks.userId, savedTracks.trackCode] })
      .returning({ id: savedTracks.id });
    return inserted ?? null;
  },

  /** Deletes one of the caller's saved codes; false when it is not theirs or does not exist. */
  async delete(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const deleted = await db
      .delete(savedTracks)
      .where(and(eq(savedTracks.id, id), eq(savedTracks.userId, userId)))
      .returning({ id: savedTracks.id });
    return deleted.length > 0;
  },
};
