import {
  addDays,
  DELIVERY_CHANNELS,
  formatAmount,
  localDate,
  pickText,
  READDRESSED_DAYS,
  REPORT_TIME_ZONE,
  sumMinor,
  toMajor,
  type TDashboard,
  type TDeliveryChannel,
  type TLang,
  type TWorklistKind,
  type TWorklistRow,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { readMinor } from '../../db/schema/columns';
import { reportsRepository as repo } from './reports-repository';
import { writeSheet } from './xlsx-write';

/** Rows a worklist or export carries at most (the screen pages nothing: it shows the oldest/largest first). */
export const WORKLIST_LIMIT = 5000;
const DEFAULT_DAYS = 30;
const name = (t: Record<string, string> | null, lang: TLang) => (t ? pickText(t as never, lang) : '');
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function reportPeriod(q: { from?: string; to?: string }) {
  const to = q.to ?? localDate(new Date(), REPORT_TIME_ZONE);
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const n = daysBetween(from, to);
  return { period: { from, to }, previous: { from: addDays(from, -n), to: addDays(from, -1) } };
}

function flowTable(rows: { d: string; kind: string; n: number }[], from: string, to: string) {
  const byDay = new Map<string, { date: string; received: number; dispatched: number; arrived: number; delivered: number }>();
  for (let d = from; d <= to; d = addDays(d, 1)) byDay.set(d, { date: d, received: 0, dispatched: 0, arrived: 0, delivered: 0 });
  for (const r of rows) {
    const row = byDay.get(r.d);
    const k = r.kind as 'received' | 'dispatched' | 'arrived' | 'delivered';
    if (row && k in row) row[k] += r.n;
  }
  const flows = [...byDay.values()];
  const total = { received: 0, dispatched: 0, arrived: 0, delivered: 0 };
  for (const f of flows) for (const k of ['received', 'dispatched', 'arrived', 'delivered'] as const) total[k] += f[k];
  return { flows, total };
}

function totalsByCurrency(rows: { currency: string; amount: number }[]) {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.currency, sumMinor([m.get(r.currency) ?? 0, r.amount]));
  return [...m.entries()].sort().map(([currency, amount]) => ({ currency, amount }));
}

export const reportsService = {
  async dashboard(db: Db, q: { from?: string; to?: string }, branchId: number | undefined, lang: TLang): Promise<TDashboard> {
    const { period, previous } = reportPeriod(q);
    const [status, flowNow, flowBefore, revNow, revBefore] = await Promise.all([
      repo.parcelsByStatus(db, period.from, period.to, branchId),
      repo.flows(db, period.from, period.to, branchId),
      repo.flows(db, previous.from, previous.to, branchId),
      repo.revenue(db, period.from, period.to, branchId),
      repo.revenue(db, previous.from, previous.to, branchId),
    ]);
    const now = flowTable(flowNow, period.from, period.to);
    const before = flowTable(flowBefore, previous.from, previous.to);
    const revenue = revNow.map((r) => ({
      date: r.d,
      branch_id: r.branch_id,
      branch: name(r.branch_name, lang),
      method: r.method,
      currency: r.currency,
      amount: Number(r.amount),
      count: r.n,
    }));
    return {
      period,
      previous,
      branch_id: branchId ?? null,
      parcels_by_status: status
        .map((s) => ({ branch_id: s.branch_id, branch: name(s.branch_name, lang), status: s.status, count: s.count }))
        .sort((a, b) => (a.branch_id ?? 0) - (b.branch_id ?? 0) || a.status.localeCompare(b.status)),
      flows: now.flows,
      flows_total: now.total,
      flows_previous: before.total,
      revenue,
      revenue_total: totalsByCurrency(revenue),
      revenue_previous: totalsByCurrency(revBefore.map((r) => ({ currency: r.currency, amount: Number(r.amount) }))),
    };
  },

  async worklist(db: Db, kind: TWorklistKind, opts: { branchId?: number; days?: number }, lang: TLang): Promise<TWorklistRow[]> {
    const blank = {
      track_code: null,
      client_code: null,
      name: null,
      phone_number: null,
      branch: null,
      date: null,
      channels: null,
      days: null,
      amount: null,
      currency: null,
      note: null,
    };
    if (kind === 'readdressed') {
      const rows = await repo.readdressed(db, READDRESSED_DAYS, opts.branchId, WORKLIST_LIMIT);
      return rows.map((r) => ({
        ...blank,
        id: Number(r.id),
        track_code: r.track_code,
        client_code: r.client_code,
        name: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
        phone_number: r.phone_number,
        branch: name(r.branch_name, lang) || null,
        date: new Date(r.at).toISOString(),
        days: r.days,
        note: r.reason,
      }));
    }
    if (kind === 'unclaimed') {
      const rows = await repo.unclaimed(db, opts.days ?? 14, opts.branchId, WORKLIST_LIMIT);
      return rows.map((r) => ({
        ...blank,
        id: Number(r.id),
        track_code: r.track_code,
        branch: name(r.branch_name, lang) || null,
        date: new Date(r.received_at).toISOString(),
        days: r.days,
      }));
    }
    if (kind === 'disputed') {
      const rows = await repo.disputed(db, opts.branchId, WORKLIST_LIMIT);
      return rows.map((r) => ({
        ...blank,
        id: Number(r.id),
        track_code: r.track_code,
        client_code: r.client_codes,
        name: r.names,
        phone_number: r.phones,
        branch: name(r.branch_name, lang) || null,
        date: new Date(r.disputed_at).toISOString(),
        days: r.days,
      }));
    }
    if (kind === 'storage') {
      const rows = await repo.pastStorage(db, opts.branchId, WORKLIST_LIMIT);
      return rows.map((r) => ({
        ...blank,
        id: Number(r.id),
        track_code: r.track_code,
        client_code: r.client_code,
        name: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
        phone_number: r.phone_number,
        branch: name(r.branch_name, lang) || null,
        date: r.storage_until,
        days: r.days,
        amount: r.price === null ? null : readMinor(r.price),
        currency: r.currency,
      }));
    }
    if (kind === 'unreachable') {
      const rows = await repo.unreachable(db, opts.branchId, WORKLIST_LIMIT);
      return rows.map((r) => ({
        ...blank,
        id: r.id,
        client_code: r.client_code,
        name: `${r.first_name} ${r.last_name}`.trim(),
        phone_number: r.phone_number,
        branch: name(r.branch_name, lang) || null,
        date: new Date(r.since).toISOString(),
        days: r.days,
        channels: pgArray(r.channels).filter((c): c is TDeliveryChannel => (DELIVERY_CHANNELS as readonly string[]).includes(c)),
      }));
    }
    const rows = await repo.debtors(db, opts.branchId, WORKLIST_LIMIT);
    return rows.map((r) => ({
      ...blank,
      id: r.id,
      client_code: r.client_code,
      name: `${r.first_name} ${r.last_name}`.trim(),
      phone_number: r.phone_number,
      date: new Date(r.last_at).toISOString(),
      days: r.days,
      amount: Number(r.balance),
      currency: r.currency,
    }));
  },
};

/** node-postgres parses text[] to an array; PGlite may answer the literal '{sms,telegram}'. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

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
