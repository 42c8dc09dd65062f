import { Column, getTableName, is, SQL, Subquery, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

const built = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query of the hot path (every signed-in request) built once per database handle and run as a named prepared
 * statement: drizzle builds the SQL text again on every call otherwise, about a sixth of a small signed-in
 * request's CPU (bench/results/server-cost.md), and PostgreSQL parses it again. `build` must give the same
 * text for the same name (values go in as sql.placeholder). Behind a transaction-mode pooler the name is dropped on the
 * way out (pg-pool.ts `unnamedClient`, ADR 095): the text is still built once, PostgreSQL parses it per call.
 */
export function prepared<Q>(db: DbOrTx, name: string, build: () => Q): Q {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as Q | undefined;
  if (!query) byName.set(name, (query = withCompiledRowMapper(build())));
  return query;
}

/** What a drizzle prepared select keeps (drizzle-orm 0.45, `PgPreparedQuery`): its selected fields, in row order. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
const decoderOf = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

/**
 * Gives a drizzle prepared select a row mapper worked out once: drizzle's own (`mapResultRow`) finds each field's
 * decoder again for every value of every row (an `is()` walk of the class chain per field), about a tenth of a
 * signed-in list request's CPU. Same result: each value through its column's decoder, nested objects by path, and
 * a left-joined table's object null when all its columns are (test/prepared-rows.test.ts compares the two).
 */
export function withCompiledRowMapper<Q>(query: Q): Q {
  const q = query as PreparedSelect;
  if (!Array.isArray(q.fields) || q.customResultMapper) return query;
  const columns = q.fields.map(({ path, field }) => {
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf(field._.sql)
          : decoderOf((field as { sql: SQL }).sql);
    const joined = is(field, Column) && path.length === 2 ? getTableName(field.table) : null;
    return { path, last: path[path.length - 1]!, decoder, joined };
  });
  q.customResultMapper = (rows) => {
    const joins = q.joinsNotNullableMap;
    return rows.map((row) => {
      const result: Record<string, unknown> = {};
      const nullify: Record<string, string | false> | null = joins ? {} : null;
      for (let i = 0; i < columns.length; i += 1) {
        const { path, last, decoder, joined } = columns[i]!;
        let node = result;
        for (let k = 0; k < path.length - 1; k += 1) node = (node[path[k]!] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[last] = raw === null ? null : decoder.mapFromDriverValue(raw));
        if (nullify && joined !== null) {
          const object = path[0]!;
          if (!(object in nullify)) nullify[object] = value === null ? joined : false;
          else if (typeof nullify[object] === 'string' && nullify[object] !== joined) nullify[object] = false;
        }
      }
      if (nullify && joins)
        for (const [object, table] of Object.entries(nullify)) if (typeof table === 'string' && !joins[table]) result[object] = null;
      return result;
    });
  };
  return query;
}

/** A hand-written statement of the hot path: `execute(values)` fills `$1…$n` in order and answers the rows as objects. */
export interface PreparedSql<R> {
  execute(values: readonly unknown[]): Promise<R[]>;
}

/**
 * Hand-written SQL run as a named prepared statement on the handle's own driver (PGlite or node-postgres, a
 * transaction included), for the few queries every signed-in page asks where one statement does the work of
 * several built ones (each round trip to the database costs the server a socket write and a read, more than
 * building the query). Values are `$1…$n`; the rows come back as the driver parses them (objects, jsonb parsed,
 * numbers as numbers, timestamps as the database's text), so select what the caller needs in the form it needs.
 */
export function preparedSql<R>(db: DbOrTx, name: string, text: string, count: number): PreparedSql<R> {
  return prepared(db, name, () => {
    const params = Array.from({ length: count }, (_, i) => sql.placeholder(String(i)));
    const query = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
    return {
      async execute(values: readonly unknown[]) {
        if (values.length !== count) throw new Error(`${name}: ${count} values expected, ${values.length} given`);
        const result = (await query.execute(values as unknown as Record<string, unknown>)) as { rows: R[] };
        return result.rows;
      },
    };
  });
}
