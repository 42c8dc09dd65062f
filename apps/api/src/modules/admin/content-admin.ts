import { and, asc, eq, ilike, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LANGUAGES, type TContentImageKind, type TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import type { Uploads } from '../uploads/uploads-service';
import { AppError } from '../../lib/app-error';

/**
 * What the admin content modules (news, lessons, faqs, prohibited-items, marketplaces, order status names)
 * share: the list filters in SQL, moving a row up or down, the stale-edit check and image references. Each
 * module calls these with its own table; the rules live here once.
 */

const empty = (column: AnyPgColumn | SQL, lang: TLang) => sql`coalesce(btrim(${column}->>${lang}), '') = ''`;

/** SQL: the row misses `lang` (a required text empty in it, or an optional one empty there but filled in another language). */
export function missingIn(lang: TLang, required: (AnyPgColumn | SQL)[], optional: (AnyPgColumn | SQL)[] = []): SQL {
  const parts = [
    ...required.map((column) => empty(column, lang)),
    ...optional.map(
      (column) =>
        sql`(${empty(column, lang)} and not (${sql.join(
          LANGUAGES.map((l) => empty(column, l)),
          sql` and `,
        )}))`,
    ),
  ];
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** SQL for `filters[missing]`: 'any' language or one of them. */
export function missingFilter(
  wanted: 'any' | TLang | undefined,
  required: (AnyPgColumn | SQL)[],
  optional: (AnyPgColumn | SQL)[] = [],
  extra?: (lang: TLang) => SQL,
): SQL | undefined {
  if (!wanted) return undefined;
  const langs = wanted === 'any' ? LANGUAGES : [wanted];
  const one = (lang: TLang) =>
    extra ? sql`(${missingIn(lang, required, optional)} or ${extra(lang)})` : missingIn(lang, required, optional);
  return or(...langs.map(one));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for `filters[search]`: the words appear in any language of any of these texts (every word somewhere). */
export function searchFilter(search: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((word) => or(...columns.map((column) => ilike(sql`${column}::text`, `%${escapeLike(word)}%`)))));
}

interface Ordered {
  id: AnyPgColumn;
  position: AnyPgColumn;
}

/** Serialises every change of one table's order (moves and additions) across requests and processes. */
export async function lockOrder(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content-order:${name}`}))`);
}

/** The position after the last row (call under lockOrder). */
export async function nextPosition(tx: DbOrTx, table: PgTable & Ordered): Promise<number> {
  const [row] = await tx.select({ last: max(table.position) }).from(table);
  return Number(row?.last ?? 0) + 1;
}

/**
 * Moves one row a place up or down: the rows are numbered 1…n in display order (position, id) and the row
 * swaps with its neighbour. Under the table's order lock, so simultaneous moves apply one after the other.
 * Returns the row's position before and after (equal when it is already first or last), or null when there is no such row.
 */
export async function moveRow(
  tx: DbOrTx,
  name: string,
  table: PgTable & Ordered,
  id: number,
  direction: 'up' | 'down',
): Promise<{ before: number; after: number } | null> {
  await lockOrder(tx, name);
  const rows = (await tx.select({ id: table.id, position: table.position }).from(table).orderBy(asc(table.position), asc(table.id))) as {
    id: number;
    position: number;
  }[];
  const index = rows.findIndex((r) => r.id === id);
  if (index < 0) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  const order = rows.map((r) => r.id);
  if (target >= 0 && target < order.length) [order[index], order[target]] = [order[target]!, order[index]!];
  // Renumber only the rows whose position changes (1…n).
  for (const [i, rowId] of order.entries()) {
    const row = rows.find((r) => r.id === rowId)!;
    if (row.position !== i + 1)
      await tx
        .update(table)
        .set({ position: i + 1 } as never)
        .where(eq(table.id, rowId));
  }
  return { before: rows[index]!.position, after: order.indexOf(id) + 1 };
}

/** The stale-edit rule: no row → 404, another version → 409 (someone saved since it was read). */
export function checkVersion<T extends { version: number }>(row: T | undefined, version: number): T {
  if (!row) throw new AppError('not_found');
  if (row.version !== version) throw new AppError('stale_write');
  return row;
}

/**
 * An image reference of a save: unchanged from the row's current value, or an upload of this kind that exists
 * in storage. Anything else is a 422 on that field (nothing is written).
 */
export async function checkImages(
  uploads: Uploads,
  kind: TContentImageKind,
  refs: { field: string; value: string | null | undefined; current?: string | null }[],
): Promise<void> {
  const fields: Record<string, string[]> = {};
  for (const { field, value, current } of refs) {
    if (!value || value === current) continue;
    const key = uploads.keyOf(value);
    if (!key || !key.startsWith(`${kind}/`)) fields[field] = ['validation.image_invalid'];
    else if (!(await uploads.exists(key))) fields[field] = ['validation.image_missing'];
  }
  if (Object.keys(fields).length) throw new AppError('validation_failed', { fields });
}
