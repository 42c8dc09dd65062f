import type { TOrderStatusCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orderStatuses } from '../../db/schema';

const statusCache = new WeakMap<object, Promise<Record<TOrderStatusCode, number>>>();

/**
 * The key of one database: drizzle gives a database handle and every transaction opened on it the same dialect object,
 * so a transition inside its transaction finds what the handle already read (it was one statement per transition).
 */
const databaseKey = (db: DbOrTx): object => (db as unknown as { dialect?: object }).dialect ?? db;

/** Status code → id (rows are seeded and their codes never change; read once per database). */
export function statusIds(db: DbOrTx): Promise<Record<TOrderStatusCode, number>> {
  const key = databaseKey(db);
  let cached = statusCache.get(key);
  if (!cached) {
    cached = db
      .select({ id: orderStatuses.id, code: orderStatuses.code })
      .from(orderStatuses)
      .then((rows) => Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<TOrderStatusCode, number>);
    statusCache.set(key, cached);
    cached.catch(() => statusCache.delete(key));
  }
  return cached;
}

export async function statusCodeById(db: DbOrTx): Promise<Map<number, TOrderStatusCode>> {
  const ids = await statusIds(db);
  return new Map(Object.entries(ids).map(([code, id]) => [id, code as TOrderStatusCode]));
}

/** The status code of one status id (throws on an unknown id: statuses are seeded). */
export async function statusCodeOf(db: DbOrTx, statusId: number): Promise<TOrderStatusCode> {
  const code = (await statusCodeById(db)).get(statusId);
  if (!code) throw new Error(`unknown status id ${statusId}`);
  return code;
}
