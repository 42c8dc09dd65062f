import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIST_EXPORT_MAX_ROWS, type TLang } from '@portal/contract';
import { text } from '../../texts/texts';
import { requireCapability } from '../manage/manage-access';
import { writeExport, type ExportTable } from './reports-export';

/**
 * Exports of the staff lists (dispatch, users, audit log, support requests), written as the report exports are
 * (writeExport: column titles in the caller's language, .xlsx or .csv with formulas neutralised) from the rows the
 * list's own query answers for the same filters.
 */

/**
 * Who may download a list's file: THE one guard of every list export, the one the report exports hold (the `exports`
 * capability, ADR 075; admins hold every capability), added on top of the list's own scope (the warehouse work, the
 * admin area).
 */
export function exportGuard(app: FastifyInstance) {
  return requireCapability(app, 'exports');
}

/** The lists' pages fetched one after another until all rows or LIST_EXPORT_MAX_ROWS are read. */
export async function exportRows<T>(
  page: (page: number, perPage: number) => Promise<{ items: T[]; total: number }>,
  perPage = 500,
): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let n = 1; rows.length < LIST_EXPORT_MAX_ROWS; n += 1) {
    const got = await page(n, perPage);
    total = got.total;
    rows.push(...got.items);
    if (got.items.length < perPage) break;
  }
  return { rows: rows.slice(0, LIST_EXPORT_MAX_ROWS), total };
}

/** A yes/no cell in words. */
export const yesNo = (value: boolean, lang: TLang) => text(value ? 'reports.values.yes' : 'reports.values.no', lang);

/** A moment as a spreadsheet sorts it: 2026-11-29 14:05 (UTC). */
export const exportMoment = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null);

/**
 * Writes the table and sends it as an attachment named `<name>_<day>.<format>`. A list longer than the cap is cut,
 * and the file's last row and the `x-export-capped` header say how many rows it holds of how many.
 */
export async function sendListExport(
  reply: FastifyReply,
  table: ExportTable,
  opts: { format: 'xlsx' | 'csv'; lang: TLang; name: string; total: number },
) {
  const capped = opts.total > table.rows.length;
  const rows = capped
    ? [...table.rows, { [table.columns[0]!.key]: text('reports.values.capped', opts.lang, { count: table.rows.length }) }]
    : table.rows;
  const body = await writeExport({ columns: table.columns, rows }, opts.format, opts.lang, opts.name);
  reply
    .header(
      'content-type',
      opts.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${opts.name}_${new Date().toISOString().slice(0, 10)}.${opts.format}"`)
    .header('cache-control', 'no-store');
  if (capped) reply.header('x-export-capped', `${table.rows.length}/${opts.total}`);
  return reply.send(body as never);
}

/** What every list export route's schema says it produces. */
export const EXPORT_PRODUCES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'];
