import { MSG, pageMeta, type TCursorPageMeta } from '@portal/contract';
import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Opaque list positions for "load more" (`filters[after]` → `meta.next_cursor`, ADR 063): base64url of
 * `[list, userId, ...key]`, where `list` names the list (and its filter, e.g. the status) and `key` is the last row's
 * sort key. A cursor is only good for the list and the account it was given for: any other, malformed or forged one
 * answers the same 422 as a bad query value, so someone else's cursor reveals nothing (and the queries filter by the
 * caller anyway, so a forged key can only ever move within the caller's own rows).
 */
export function encodeCursor(list: string, userId: number, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([list, userId, ...key]), 'utf8').toString('base64url');
}

/** Where a page starts: a numbered page (offset) or below the id of the last row seen (a cursor). */
export type PageAt = { page: number; perPage: number } | { afterId: number; perPage: number };

const invalidCursor = () => new AppError('validation_failed', { fields: { 'filters[after]': [MSG.invalidValue] } });

/** The key of a cursor given for `list` and `userId`, checked against `key` (a zod tuple); 422 for anything else. */
export function decodeCursor<K extends z.ZodType>(raw: string, list: string, userId: number, key: K): z.infer<K> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== list || parsed[1] !== userId) throw invalidCursor();
  const result = key.safeParse(parsed.slice(2));
  if (!result.success) throw invalidCursor();
  return result.data;
}

/** A row id inside a cursor (a positive 32-bit integer, like the ids). */
export const ZCursorId = z.number().int().min(1).max(2_147_483_647);
/** A timestamp inside a cursor, as microseconds since the epoch in digits (exact, unlike a JS Date's milliseconds). */
export const ZCursorMicros = z.string().regex(/^\d{1,17}$/);

/**
 * A list page from its rows read with one more than `perPage` (the extra one only says another follows) and the
 * meta both ways of paging answer: a numbered page (`total` known) the page meta as always plus `next_cursor`, a
 * cursor page only `per_page` and `next_cursor`.
 */
export function cursorPage<R>(
  rows: R[],
  at: { page?: number; perPage: number },
  total: number | null,
  nextCursor: (last: R) => string,
): { rows: R[]; meta: TCursorPageMeta } {
  const page = rows.slice(0, at.perPage);
  const last = page.at(-1);
  const next_cursor = rows.length > at.perPage && last !== undefined ? nextCursor(last) : null;
  if (total === null || at.page === undefined) return { rows: page, meta: { per_page: at.perPage, next_cursor } };
  return { rows: page, meta: { ...pageMeta(at.page, at.perPage, total), next_cursor } };
}
