import { formatAmount, toMajor, type TDashboard, type TLang, type TWorklistRow } from '@portal/contract';
import { writeSheet } from './xlsx-write';

/**
 * Exports (GET manage/reports/export): one dashboard table or worklist, the same rows reportsService answers the
 * screen, laid out as columns with titles in the caller's language and written as .csv or .xlsx.
 */

/** Column titles of the exports in kk/ru/en. */
const COLS: Record<string, Record<TLang, string>> = {
  date: { en: 'Date', ru: 'Дата', kk: 'Күні' },
  branch: { en: 'Branch', ru: 'Пункт', kk: 'Пункт' },
  status: { en: 'Status', ru: 'Статус', kk: 'Мәртебе' },
  count: { en: 'Count', ru: 'Количество', kk: 'Саны' },
  received: { en: 'Received', ru: 'Принято', kk: 'Қабылданды' },
  dispatched: { en: 'Dispatched', ru: 'Отправлено', kk: 'Жөнелтілді' },
  arrived: { en: 'Arrived', ru: 'Прибыло', kk: 'Келді' },
  delivered: { en: 'Delivered', ru: 'Выдано', kk: 'Берілді' },
  method: { en: 'Method', ru: 'Способ', kk: 'Тәсіл' },
  currency: { en: 'Currency', ru: 'Валюта', kk: 'Валюта' },
  amount: { en: 'Amount', ru: 'Сумма', kk: 'Сома' },
  payments: { en: 'Payments', ru: 'Платежей', kk: 'Төлемдер' },
  track_code: { en: 'Tracking code', ru: 'Трек-код', kk: 'Трек-код' },
  client_code: { en: 'Client code', ru: 'Код клиента', kk: 'Клиент коды' },
  name: { en: 'Name', ru: 'Имя', kk: 'Аты' },
  phone_number: { en: 'Phone', ru: 'Телефон', kk: 'Телефон' },
  days: { en: 'Days', ru: 'Дней', kk: 'Күн' },
  debt: { en: 'Debt', ru: 'Долг', kk: 'Қарыз' },
  storage_until: { en: 'Free storage until', ru: 'Бесплатно до', kk: 'Тегін сақтау' },
  price: { en: 'Price', ru: 'Цена', kk: 'Бағасы' },
  channels: { en: 'Channels not reaching', ru: 'Недоступные каналы', kk: 'Жетпейтін арналар' },
  since: { en: 'Since', ru: 'С', kk: 'Бастап' },
  savers: { en: 'Saved by (client codes)', ru: 'Сохранили (коды клиентов)', kk: 'Сақтағандар (клиент кодтары)' },
  taken_by: { en: 'Taken by', ru: 'Забрал пункт', kk: 'Алған пункт' },
  reason: { en: 'Reason', ru: 'Причина', kk: 'Себебі' },
};

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
          { key: 'currency' },
          { key: 'amount', money: true },
          { key: 'payments' },
        ],
        rows: d!.revenue.map((r) => ({
          date: r.date,
          branch: r.branch,
          method: r.method,
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

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Quote always; a leading =,+,-,@ is prefixed so spreadsheet apps never run it as a formula (plain numbers and
  // phone numbers like +77010000001 stay as they are: they cannot run anything).
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

export async function writeExport(t: ExportTable, format: 'xlsx' | 'csv', lang: TLang, sheet: string): Promise<Buffer> {
  const head = t.columns.map((c) => COLS[c.key]?.[lang] ?? c.key);
  if (format === 'csv') {
    const lines = [head.map(csvCell).join(',')];
    for (const r of t.rows)
      lines.push(
        t.columns.map((c) => csvCell(c.money && typeof r[c.key] === 'number' ? formatAmount(r[c.key] as number) : r[c.key]!)).join(','),
      );
    return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  }
  return writeSheet(
    sheet,
    t.columns.map((c, i) => ({ head: head[i]!, money: c.money })),
    t.rows.map((r) => t.columns.map((c) => (c.money && typeof r[c.key] === 'number' ? toMajor(r[c.key] as number) : (r[c.key] ?? null)))),
  );
}
