import {
  parcelChargeMinor,
  addDays,
  DELIVERY_CHANNELS,
  localDate,
  pickText,
  READDRESSED_DAYS,
  REPORT_TIME_ZONE,
  sumMinor,
  type TDashboard,
  type TDeliveryChannel,
  type TLang,
  type TWorklistKind,
  type TWorklistRow,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { readMinor } from '../../db/schema/columns';
import { customsReasonText } from '../notifications/customs-texts';
import { reportsRepository as repo } from './reports-repository';

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
      provider: r.provider,
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
    if (kind === 'customs_held') {
      const rows = await repo.customsHeld(db, opts.branchId, WORKLIST_LIMIT);
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
        note: customsReasonText(r.reason ?? 'other', r.note, lang),
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
        // What the parcel costs at the counter: price + insurance premium (the contract's parcelChargeMinor).
        amount: r.price === null ? null : parcelChargeMinor({ priceMinor: readMinor(r.price), insuranceMinor: readMinor(r.insurance) }),
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
