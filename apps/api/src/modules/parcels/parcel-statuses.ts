import { eq } from 'drizzle-orm';
import type { TOrderStatusCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orderStatuses } from '../../db/schema';

const statusCache = new WeakMap<object, Promise<Record<TOrderStatusCode, number>>>();

/** Status code → id (rows are seeded; cached per database handle). */
export function statusIds(db: DbOrTx): Promise<Record<TOrderStatusCode, number>> {
  let cached = statusCache.get(db);
  if (!cached) {
    cached = db
      .select({ id: orderStatuses.id, code: orderStatuses.code })
      .from(orderStatuses)
      .then((rows) => Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<TOrderStatusCode, number>);
    statusCache.set(db, cached);
    cached.catch(() => statusCache.delete(db));
  }
  return cached;
}

export async function statusCodeById(db: DbOrTx): Promise<Map<number, TOrderStatusCode>> {
  const ids = await statusIds(db);
  return new Map(Object.entries(ids).map(([code, id]) => [id, code as TOrderStatusCode]));
}

/** The status code of one status id (throws on an unknown id: statuses are seeded). */
export async function statusCodeOf(db: DbOrTx, statusId: number): Promise<TOrderStatusCode> {
  const [row] = await db.select({ code: orderStatuses.code }).from(orderStatuses).where(eq(orderStatuses.id, statusId)).limit(1);
  if (!row) throw new Error(`unknown status id ${statusId}`);
  return row.code;
}
