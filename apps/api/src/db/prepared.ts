import type { DbOrTx } from './client';

const built = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query of the hot path (every signed-in request) built once per database handle and run as a named prepared
 * statement: drizzle builds the SQL text again on every call otherwise, about a sixth of a small signed-in
 * request's CPU (bench/results/server-cost.md), and PostgreSQL parses it again. `build` must give the same
 * text for the same name (values go in as sql.placeholder).
 */
export function prepared<Q>(db: DbOrTx, name: string, build: () => Q): Q {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as Q | undefined;
  if (!query) byName.set(name, (query = build()));
  return query;
}
