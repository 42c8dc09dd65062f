import { sql, type SQL } from 'drizzle-orm';
import { REPORT_TIME_ZONE, type TOrderStatusCode, type TPaymentMethod } from '@portal/contract';
import type { DbOrTx } from '../../db/client';

/** node-postgres and PGlite both answer { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const TZ = REPORT_TIME_ZONE;
/** Timestamps [from 00:00, to+1 00:00) in the report time zone. */
const range = (col: SQL, from: string, to: string) =>
  sql`${col} >= (${from}::date)::timestamp at time zone ${TZ} and ${col} < ((${to}::date + 1)::timestamp at time zone ${TZ})`;
const branchIs = (col: SQL, branchId: number | undefined) => (branchId === undefined ? sql`true` : sql`${col} = ${branchId}`);

/**
 * The dashboard's reads. Each query is bounded by an index: flows by the per-event timestamp indexes, revenue by
 * payments (business_date, branch_id), open parcels by orders (status_id, branch_id), debtors by the payments/charges
 * per-customer indexes (ADR 061; bench/dashboard.mjs measures them at 1M orders).
 */
export const reportsRepository = {
  async parcelsByStatus(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    const rows = await db.execute(sql`
      select o.branch_id, b.name as branch_name, s.code as status, count(*)::int as count
        from orders o join order_statuses s on s.id = o.status_id left join branches b on b.id = o.branch_id
       where s.code <> 'delivered' and ${branchIs(sql`o.branch_id`, branchId)}
       group by o.branch_id, b.name, s.code
      union all
      select o.branch_id, b.name, 'delivered', count(*)::int
        from orders o left join branches b on b.id = o.branch_id
       where ${range(sql`o.delivered_at`, from, to)} and ${branchIs(sql`o.branch_id`, branchId)}
       group by o.branch_id, b.name`);
    return rowsOf<{ branch_id: number | null; branch_name: Record<string, string> | null; status: TOrderStatusCode; count: number }>(rows);
  },

  async flows(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    const one = (col: string) => {
      const c = sql.raw(`o.${col}`);
      return sql`select (${c} at time zone ${TZ})::date::text as d, ${col} as kind, count(*)::int as n from orders o
        where ${range(c, from, to)} and ${branchIs(sql`o.branch_id`, branchId)} group by 1`;
    };
    const rows = await db.execute(sql`
      select d, kind, n from (
        ${one('received_at')} union all ${one('dispatched_at')} union all ${one('arrived_at')} union all ${one('delivered_at')}
      ) f order by d`);
    // `kind` comes back as the column name literal; map to the flow name.
    return rowsOf<{ d: string; kind: string; n: number }>(rows);
  },

  async revenue(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    const rows = await db.execute(sql`
      select p.business_date::text as d, p.branch_id, b.name as branch_name, p.method, p.currency,
             sum(p.amount)::bigint::text as amount, count(*)::int as n
        from payments p join branches b on b.id = p.branch_id
       where p.business_date between ${from}::date and ${to}::date and ${branchIs(sql`p.branch_id`, branchId)}
       group by 1, 2, 3, 4, 5 order by 1, 2, 4`);
    return rowsOf<{ d: string; branch_id: number; branch_name: Record<string, string>; method: TPaymentMethod; currency: string; amount: string; n: number }>(rows);
  },

  async unclaimed(db: DbOrTx, olderThanDays: number, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      select o.id, o.track_code, o.received_at, b.name as branch_name,
             (current_date - (o.received_at at time zone ${TZ})::date)::int as days
        from orders o left join branches b on b.id = o.branch_id
       where o.user_id is null and o.received_at < now() - make_interval(days => ${olderThanDays}) and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.received_at asc, o.id asc limit ${limit}`);
    return rowsOf<{ id: number | string; track_code: string; received_at: string | Date; branch_name: Record<string, string> | null; days: number }>(rows);
  },

  async pastStorage(db: DbOrTx, today: string, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      select o.id, o.track_code, o.storage_until::text as storage_until, u.client_code, u.first_name, u.last_name, u.phone_number, b.name as branch_name,
             (${today}::date - o.storage_until)::int as days, o.price::text as price, o.currency
        from orders o join order_statuses s on s.id = o.status_id and s.code = 'at_branch'
        left join users u on u.id = o.user_id left join branches b on b.id = o.branch_id
       where o.storage_until < ${today}::date and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.storage_until asc, o.id asc limit ${limit}`);
    return rowsOf<{ id: number | string; track_code: string; storage_until: string; client_code: string | null; first_name: string | null; last_name: string | null; phone_number: string | null; branch_name: Record<string, string> | null; days: number; price: string | null; currency: string | null }>(rows);
  },

  /** Customers whose charges exceed their payments, per currency; a branch sees debts run up at it. */
  async debtors(db: DbOrTx, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      with m as (
        select user_id, currency, amount, created_at from charges where ${branchIs(sql`branch_id`, branchId)}
        union all
        select user_id, currency, -amount, created_at from payments where ${branchIs(sql`branch_id`, branchId)}
      ), d as (
        select user_id, currency, sum(amount) as balance, max(created_at) as last_at from m group by user_id, currency having sum(amount) > 0
      )
      select u.id, u.client_code, u.first_name, u.last_name, u.phone_number, d.currency, d.balance::bigint::text as balance, d.last_at,
             (current_date - (d.last_at at time zone ${TZ})::date)::int as days
        from d join users u on u.id = d.user_id
       order by d.balance desc, u.id asc limit ${limit}`);
    return rowsOf<{ id: number; client_code: string; first_name: string; last_name: string; phone_number: string; currency: string; balance: string; last_at: string | Date; days: number }>(rows);
  },
};
