import { sql } from 'drizzle-orm';
import { REPORT_TIME_ZONE } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { parcelFlowDays, type TParcelFlowKind } from '../../db/schema';

/**
 * The kept flows per day and branch (parcel_flow_days, ADR 061): the parcels module moves them in the same
 * transaction as every write that sets one of the four timestamps or moves a parcel to another branch, so they always
 * equal the recount from orders (each timestamp's calendar day in REPORT_TIME_ZONE, by the branch the parcel is
 * addressed to now — how the dashboard counted them before). Set-based: one upsert per write, one row per
 * (day, branch, kind) group, in a fixed order (so two writers never wait on each other's rows crosswise); the upsert
 * adds to the row under its lock, so parallel transitions never lose a count.
 */

export const FLOW_KINDS = ['received', 'dispatched', 'arrived', 'delivered'] as const satisfies readonly TParcelFlowKind[];
const COLUMN: Record<TParcelFlowKind, string> = {
  received: 'received_at',
  dispatched: 'dispatched_at',
  arrived: 'arrived_at',
  delivered: 'delivered_at',
};

/** node-postgres and PGlite both answer { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** One array parameter (a bulk dispatch may move more parcels than a statement takes parameters). */
const idArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`}::bigint[]`;

/** The flows these orders account for as their rows stand now: (day, branch, kind) → how many. */
function contribution(ids: number[], kinds: readonly TParcelFlowKind[]) {
  const parts = kinds.map((kind) => {
    const col = sql.raw(`o.${COLUMN[kind]}`);
    return sql`select (${col} at time zone ${REPORT_TIME_ZONE})::date::text as day, o.branch_id, ${kind}::text as kind
      from orders o where o.id = any(${idArray(ids)}) and ${col} is not null`;
  });
  return sql`select day, branch_id, kind, count(*)::int as n from (${sql.join(parts, sql` union all `)}) f group by day, branch_id, kind`;
}

type FlowRow = { day: string; branch_id: number | null; kind: TParcelFlowKind; n: number };

async function upsert(tx: DbOrTx, rows: FlowRow[]): Promise<void> {
  const moves = rows
    .filter((r) => r.n !== 0)
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) || (a.branch_id ?? -1) - (b.branch_id ?? -1) || FLOW_KINDS.indexOf(a.kind) - FLOW_KINDS.indexOf(b.kind),
    );
  if (!moves.length) return;
  await tx
    .insert(parcelFlowDays)
    .values(moves.map((r) => ({ day: r.day, branchId: r.branch_id, kind: r.kind, n: r.n })))
    .onConflictDoUpdate({
      target: [parcelFlowDays.day, parcelFlowDays.branchId, parcelFlowDays.kind],
      set: { n: sql`${parcelFlowDays.n} + excluded.n` },
    });
}

const keyOf = (r: Pick<FlowRow, 'day' | 'branch_id' | 'kind'>) => `${r.day}|${r.branch_id ?? ''}|${r.kind}`;

export const parcelFlows = {
  /**
   * Counts the `kinds` of these orders as they stand now (after a transition set that timestamp): one statement, the
   * grouping done by the server from the stored timestamps, so the day is exactly the one a recount gives.
   */
  async add(tx: DbOrTx, ids: number[], kinds: readonly TParcelFlowKind[]): Promise<void> {
    if (!ids.length || !kinds.length) return;
    await tx.execute(sql`
      insert into parcel_flow_days (day, branch_id, kind, n)
      select day::date, branch_id, kind, n from (${contribution(ids, kinds)}) c
       order by day, branch_id nulls first, array_position(array['received','dispatched','arrived','delivered'], kind)
      on conflict (day, branch_id, kind) do update set n = parcel_flow_days.n + excluded.n`);
  },

  /**
   * Runs `write`, which may change anything of these orders (a branch, a timestamp set or cleared: a claim, a
   * re-addressed arrival, a correction of status), and moves the kept flows by the difference between after and before.
   * The orders are locked first (in id order), so nothing else changes them between the two looks. Any new write that
   * changes the branch or a flow timestamp of known orders goes through here.
   */
  async around<T>(tx: DbOrTx, ids: number[], write: () => Promise<T>): Promise<T> {
    if (!ids.length) return write();
    await tx.execute(sql`select id from orders where id = any(${idArray(ids)}) order by id for update`);
    const before = rowsOf<FlowRow>(await tx.execute(contribution(ids, FLOW_KINDS)));
    const out = await write();
    const after = rowsOf<FlowRow>(await tx.execute(contribution(ids, FLOW_KINDS)));
    const diff = new Map<string, FlowRow>();
    for (const r of after) diff.set(keyOf(r), { ...r, day: String(r.day), n: Number(r.n) });
    for (const r of before) {
      const k = keyOf(r);
      const had = diff.get(k);
      if (had) had.n -= Number(r.n);
      else diff.set(k, { ...r, day: String(r.day), n: -Number(r.n) });
    }
    await upsert(tx, [...diff.values()]);
    return out;
  },

  /**
   * Recounts every flow from the orders' timestamps (what the migration did once). For loaders that write orders
   * around the parcels module (the dashboard bench's generate_series); the app never needs it.
   */
  async rebuild(db: DbOrTx): Promise<void> {
    const parts = FLOW_KINDS.map((kind) => {
      const col = sql.raw(`o.${COLUMN[kind]}`);
      return sql`select (${col} at time zone ${REPORT_TIME_ZONE})::date as day, o.branch_id, ${kind}::text as kind from orders o where ${col} is not null`;
    });
    await db.execute(sql`delete from parcel_flow_days`);
    await db.execute(sql`
      insert into parcel_flow_days (day, branch_id, kind, n)
      select day, branch_id, kind, count(*)::int from (${sql.join(parts, sql` union all `)}) f group by day, branch_id, kind`);
  },
};
