import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, savedTracks } from '../../db/schema';

export interface SavedTrackRow {
  id: number;
  trackCode: string;
  name: string | null;
  createdAt: Date;
  orderId: number | null;
  /** The matched order's status, when the order is (still) the caller's. */
  orderStatusId: number | null;
}

const trackColumns = {
  id: savedTracks.id,
  trackCode: savedTracks.trackCode,
  name: savedTracks.name,
  createdAt: savedTracks.createdAt,
  orderId: orders.id,
  orderStatusId: orders.statusId,
};

/** The matched order only counts when it belongs to the same customer. */
const matchedOrder = and(eq(orders.id, savedTracks.orderId), eq(orders.userId, savedTracks.userId));

export const tracksRepository = {
  /** One page of the caller's saved codes, newest first (saved_tracks_user_idx). */
  async page(db: DbOrTx, userId: number, page: number, perPage: number): Promise<{ rows: SavedTrackRow[]; total: number }> {
    const where = eq(savedTracks.userId, userId);
    const [rows, [totalRow]] = await Promise.all([
      db.select(trackColumns).from(savedTracks).leftJoin(orders, matchedOrder).where(where).orderBy(desc(savedTracks.id)).limit(perPage).offset((page - 1) * perPage),
      db.select({ n: count() }).from(savedTracks).where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
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

  /** Inserts a saved code; null when the customer already has it (unique user + code). */
  async insert(db: DbOrTx, row: { userId: number; trackCode: string; name: string | null; orderId: number | null }): Promise<{ id: number } | null> {
    const [inserted] = await db
      .insert(savedTracks)
      .values(row)
      .onConflictDoNothing({ target: [savedTracks.userId, savedTracks.trackCode] })
      .returning({ id: savedTracks.id });
    return inserted ?? null;
  },

  /** Deletes one of the caller's saved codes; false when it is not theirs or does not exist. */
  async delete(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const deleted = await db.delete(savedTracks).where(and(eq(savedTracks.id, id), eq(savedTracks.userId, userId))).returning({ id: savedTracks.id });
    return deleted.length > 0;
  },
};
