import { getTableColumns, sql, type Column, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** The type a column has inside `jsonb_to_recordset(…) as x(…)` (serial types are not types there). */
function recordType(column: Column): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer';
  if (type === 'bigserial') return 'bigint';
  return type;
}

/** A value as JSON for the record set: JSON columns keep their object, dates their ISO text, the rest as the driver takes it. */
function jsonValue(column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.dataType === 'json') return value;
  if (value instanceof Date) return value.toISOString();
  const driver = column.mapToDriverValue(value);
  return driver instanceof Date ? driver.toISOString() : driver;
}

/**
 * Inserts many rows in one statement with one parameter: the rows go as a JSON array and the database spreads them
 * with `jsonb_to_recordset` (a bulk dispatch writes 5,000 audit rows, events and notifications this way instead of
 * statements with 35,000–45,000 bound parameters each, which cost seconds in the driver; bench/results/parcel-work.md).
 * Every row must set the same columns (the first row's keys): a column left out of all rows takes its default.
 * Answers the `returning` columns of every inserted row, mapped as drizzle maps them.
 */
export async function bulkInsert<T extends PgTable, K extends keyof InferSelectModel<T> & string = never>(
  db: DbOrTx,
  table: T,
  rows: InferInsertModel<T>[],
  returning: K[] = [],
): Promise<Pick<InferSelectModel<T>, K>[]> {
  if (!rows.length) return [];
  const all = getTableColumns(table) as Record<string, Column>;
  const column = (key: string): Column => all[key]!;
  const keys = Object.keys(rows[0] as object).filter((k) => k in all && (rows[0] as Record<string, unknown>)[k] !== undefined);
  const payload = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const value = jsonValue(column(key), (row as Record<string, unknown>)[key]);
      if (value !== null) out[column(key).name] = value;
    }
    return out;
  });
  const names = sql.join(
    keys.map((k) => sql.identifier(column(k).name)),
    sql`, `,
  );
  const types = sql.raw(keys.map((k) => `"${column(k).name}" ${recordType(column(k))}`).join(', '));
  const back = returning.length
    ? sql` returning ${sql.join(
        returning.map((k) => sql`${sql.identifier(column(k).name)} as ${sql.identifier(k)}`),
        sql`, `,
      )}`
    : sql``;
  const result = await db.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(${types})${back}`,
  );
  if (!returning.length) return [];
  const answered = ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as unknown as Record<string, unknown>[])) as Record<
    string,
    unknown
  >[];
  return answered.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k of returning) out[k] = r[k] === null || r[k] === undefined ? r[k] : column(k).mapFromDriverValue(r[k]);
    return out as Pick<InferSelectModel<T>, K>;
  });
}
