import { formatAmount, toMajor, type TDashboard, type TLang, type TOnlineProvider, type TWorklistRow } from '@portal/contract';
import { isTextKey, text } from '../../texts/texts';
import { writeSheet } from './xlsx-write';

/**
 * Exports (GET manage/reports/export): one dashboard table or worklist, the same rows reportsService answers the
 * screen, laid out as columns with titles in the caller's language and written as .csv or .xlsx.
 */

/** A column's title in an export: `reports.columns.<key>` in the text files (the key itself when it has none). */
function columnTitle(key: string, lang: TLang): string {
  const textKey = `reports.columns.${key}`;
  return isTextKey(textKey) ? text(textKey, lang) : key;
}

/** Online money's provider as its brand is written (not translated); the counter's methods have none. */
const PROVIDER_NAMES: Record<TOnlineProvider, string> = { kaspi: 'Kaspi', cloudpayments: 'CloudPayments', freedompay: 'Freedom Pay' };

/** A table as typed cells: amounts stay minor units until written (number with 2 decimals in xlsx, text in csv). */
export interface ExportTable {
  columns: { key: string; money?: boolean }[];
  rows: Record<string, string | number | null>[];
}

export function exportTableOf(table: string, data: { dashboard?: TDashboard; worklist?: TWorklistRow[] }): ExportTable {
  const d = data.dashboard;
  const w = data.worklist ?? [];
  switch (table) {
    case 'status':
      return {
        columns: [{ key: 'branch' }, { key: 'status' }, { key: 'count' }],
        rows: d!.parcels_by_status.map((r) => ({ branch: r.branch, status: r.status, count: r.count })),
      };
    case 'flows':
      return {
        columns: [{ key: 'date' }, { key: 'received' }, { key: 'dispatched' }, { key: 'arrived' }, { key: 'delivered' }],
        rows: d!.flows,
      };
    case 'revenue':
      return {
        columns: [
          { key: 'date' },
          { key: 'branch' },
          { key: 'method' },
          { key: 'provider' },
          { key: 'currency' },
          { key: 'amount', money: true },
          { key: 'payments' },
        ],
        rows: d!.revenue.map((r) => ({
          date: r.date,
          branch: r.branch,
          method: r.method,
          provider: r.provider ? PROVIDER_NAMES[r.provider] : null,
          currency: r.currency,
          amount: r.amount,
          payments: r.count,
        })),
      };
    case 'unclaimed':
      return {
        columns: [{ key: 'track_code' }, { key: 'branch' }, { key: 'date' }, { key: 'days' }],
        rows: w.map((r) => ({ track_code: r.track_code, branch: r.branch, date: r.date?.slice(0, 10) ?? null, days: r.days })),
      };
    case 'disputed':
      return {
        columns: [{ key: 'track_code' }, { key: 'savers' }, { key: 'name' }, { key: 'phone_number' }, { key: 'since' }, { key: 'days' }],
        rows: w.map((r) => ({
          track_code: r.track_code,
          savers: r.client_code,
          name: r.name,
          phone_number: r.phone_number,
          since: r.date?.slice(0, 10) ?? null,
          days: r.days,
        })),
      };
    case 'storage':
      return {
        columns: [
          { key: 'track_code' },
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'branch' },
          { key: 'storage_until' },
          { key: 'days' },
          { key: 'price', money: true },
          { key: 'currency' },
        ],
        rows: w.map((r) => ({
          track_code: r.track_code,
          client_code: r.client_code,
          name: r.name,
          phone_number: r.phone_number,
          branch: r.branch,
          storage_until: r.date,
          days: r.days,
          price: r.amount,
          currency: r.currency,
        })),
      };
    case 'readdressed':
      return {
        columns: [
          { key: 'track_code' },
          { key: 'client_code' },
          { key: 'name' },
          { key: 'taken_by' },
          { key: 'date' },
          { key: 'days' },
          { key: 'reason' },
        ],
        rows: w.map((r) => ({
          track_code: r.track_code,
          client_code: r.client_code,
          name: r.name,
          taken_by: r.branch,
          date: r.date?.slice(0, 10) ?? null,
          days: r.days,
          reason: r.note,
        })),
      };
    case 'customs_held':
      return {
        columns: [
          { key: 'track_code' },
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'branch' },
          { key: 'since' },
          { key: 'days' },
          { key: 'reason' },
        ],
        rows: w.map((r) => ({
          track_code: r.track_code,
          client_code: r.client_code,
          name: r.name,
          phone_number: r.phone_number,
          branch: r.branch,
          since: r.date?.slice(0, 10) ?? null,
          days: r.days,
          reason: r.note,
        })),
      };
    case 'unreachable':
      return {
        columns: [
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'branch' },
          { key: 'channels' },
          { key: 'since' },
          { key: 'days' },
        ],
        rows: w.map((r) => ({
          client_code: r.client_code,
          name: r.name,
          phone_number: r.phone_number,
          branch: r.branch,
          channels: (r.channels ?? []).join(', '),
          since: r.date?.slice(0, 10) ?? null,
          days: r.days,
        })),
      };
    default:
      return {
        columns: [
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'debt', money: true },
          { key: 'currency' },
          { key: 'days' },
        ],
        rows: w.map((r) => ({
          client_code: r.client_code,
          name: r.name,
          phone_number: r.phone_number,
          debt: r.amount,
          currency: r.currency,
          days: r.days,
        })),
      };
  }
}

/** One CSV cell (RFC 4180, always quoted), formula-safe: THE cell writer of every CSV the staff download. */
export const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Quote always; a leading =,+,-,@ is prefixed so spreadsheet apps never run it as a formula (plain numbers and
  // phone numbers like +77010000001 stay as they are: they cannot run anything).
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV file of rows (the first one the heading): cells by csvCell, CRLF line ends, UTF-8 with a BOM for spreadsheets. */
export const csvFile = (rows: (string | number | null)[][]): Buffer =>
  Buffer.from(`\ufeff${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');

export async function writeExport(t: ExportTable, format: 'xlsx' | 'csv', lang: TLang, sheet: string): Promise<Buffer> {
  const head = t.columns.map((c) => columnTitle(c.key, lang));
  if (format === 'csv') {
    return csvFile([
      head,
      ...t.rows.map((r) => t.columns.map((c) => (c.money && typeof r[c.key] === 'number' ? formatAmount(r[c.key] as number) : r[c.key]!))),
    ]);
  }
  return writeSheet(
    sheet,
    t.columns.map((c, i) => ({ head: head[i]!, money: c.money })),
    t.rows.map((r) => t.columns.map((c) => (c.money && typeof r[c.key] === 'number' ? toMajor(r[c.key] as number) : (r[c.key] ?? null)))),
  );
}
