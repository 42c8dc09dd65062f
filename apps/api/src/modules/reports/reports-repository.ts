import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_TIME_ZONE,
  type TCustomsHoldReason,
  type TJournalMethod,
  type TOnlineProvider,
  type TOrderStatusCode,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { statusIds } from '../parcels/parcel-statuses';

/** node-postgres and PGlite both answer { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const TZ = REPORT_TIME_ZONE;

/**
 * Days as a branch counts them: a moment's calendar day and today in the branch's time zone (the carrier's home zone
 * where a row has no branch), never the database session's `current_date` (UTC on most servers: a parcel received
 * today in Almaty before 05:00 read "-1 days"). `now()` is the transaction's start, the same for every row.
 */
const zoneOf = (branchZone: SQL) => sql`coalesce(${branchZone}, ${TZ})`;
const dayIn = (moment: SQL, zone: SQL) => sql`(${moment} at time zone ${zone})::date`;
const todayIn = (zone: SQL) => sql`(now() at time zone ${zone})::date`;
const daysSince = (moment: SQL, zone: SQL) => sql`(${todayIn(zone)} - ${dayIn(moment, zone)})::int`;
/** The latest today anywhere (UTC+14): a bound an index can use before each row's own today is compared. */
const latestToday = sql`(now() at time zone 'Etc/GMT-14')::date`;

const branchIs = (col: SQL, branchId: number | undefined) => (branchId === undefined ? sql`true` : sql`${col} = ${branchId}`);

/**
 * The dashboard's reads. Flows (and the delivered parcels of the period) read the per-day counts the parcels module
 * keeps (parcel_flow_days), revenue the per-day sums the payments module keeps (revenue_days): at most
 * days × branches × kinds rows, whatever the carrier's activity. Open parcels are counted by orders (status_id,
 * branch_id) one open status at a time (so their cost follows the open parcels, not the delivered millions), debtors
 * read the kept balances (ADR 061; bench/dashboard.mjs measures them at 1M orders). This module writes nothing.
 */
export const reportsRepository = {
  async parcelsByStatus(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    // The open statuses by id, from the app (not a join on order_statuses): that 4-row table is seeded once and never
    // analysed, so the planner would guess it holds hundreds of rows, cost the open parcels' scan at millions and
    // spend most of a second compiling it with JIT (bench/dashboard.mjs at 1M orders). With the ids it reads the
    // open parcels from orders (status_id, branch_id) alone, priced from orders' own statistics.
    const ids = await statusIds(db);
    const open = (Object.keys(ids) as TOrderStatusCode[]).filter((code) => code !== 'delivered');
    const codeOf = sql.join(
      open.map((code) => sql`when ${ids[code]}::int then ${code}::text`),
      sql` `,
    );
    const openIds = `{${open.map((code) => ids[code]).join(',')}}`;
    const rows = await db.execute(sql`
      select c.branch_id, b.name as branch_name, case c.status_id ${codeOf} end as status, c.n as count
        from (select o.status_id, o.branch_id, count(*)::int as n from orders o
               where o.status_id = any(${openIds}::int[]) and ${branchIs(sql`o.branch_id`, branchId)}
               group by o.status_id, o.branch_id) c
        left join branches b on b.id = c.branch_id
      union all
      select f.branch_id, b.name, 'delivered', sum(f.n)::int
        from parcel_flow_days f left join branches b on b.id = f.branch_id
       where f.kind = 'delivered' and f.day between ${from}::date and ${to}::date and ${branchIs(sql`f.branch_id`, branchId)}
       group by f.branch_id, b.name having sum(f.n) > 0`);
    return rowsOf<{ branch_id: number | null; branch_name: Record<string, string> | null; status: TOrderStatusCode; count: number }>(rows);
  },

  /** Parcels received, dispatched, arrived and delivered per calendar day (REPORT_TIME_ZONE), from the kept counts. */
  async flows(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    const rows = await db.execute(sql`
      select f.day::text as d, f.kind, sum(f.n)::int as n from parcel_flow_days f
       where f.day between ${from}::date and ${to}::date and ${branchIs(sql`f.branch_id`, branchId)}
       group by f.day, f.kind order by f.day`);
    return rowsOf<{ d: string; kind: string; n: number }>(rows);
  },

  async revenue(db: DbOrTx, from: string, to: string, branchId: number | undefined) {
    const rows = await db.execute(sql`
      select r.business_date::text as d, r.branch_id, b.name as branch_name, r.method, nullif(r.provider, '') as provider,
             r.currency, r.amount::bigint::text as amount, r.n
        from revenue_days r join branches b on b.id = r.branch_id
       where r.business_date between ${from}::date and ${to}::date and ${branchIs(sql`r.branch_id`, branchId)}
       order by 1, 2, 4, 5, 6`);
    return rowsOf<{
      d: string;
      branch_id: number;
      branch_name: Record<string, string>;
      method: TJournalMethod;
      provider: TOnlineProvider | null;
      currency: string;
      amount: string;
      n: number;
    }>(rows);
  },

  /** Unclaimed parcels received at least `olderThanDays` calendar days ago (0: received today too). */
  async unclaimed(db: DbOrTx, olderThanDays: number, branchId: number | undefined, limit: number) {
    const zone = zoneOf(sql`b.time_zone`);
    // Two days of slack in the indexed bound (a calendar day may be shorter than 24 h), the exact count after it.
    const rows = await db.execute(sql`
      select o.id, o.track_code, o.received_at, b.name as branch_name, ${daysSince(sql`o.received_at`, zone)} as days
        from orders o left join branches b on b.id = o.branch_id
       where o.user_id is null and o.received_at < now() - make_interval(days => ${Math.max(olderThanDays - 2, 0)})
         and ${daysSince(sql`o.received_at`, zone)} >= ${olderThanDays} and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.received_at asc, o.id asc limit ${limit}`);
    return rowsOf<{
      id: number | string;
      track_code: string;
      received_at: string | Date;
      branch_name: Record<string, string> | null;
      days: number;
    }>(rows);
  },

  /** Parcels held as disputed (ADR 021), oldest first, with their savers' client codes, names and phones (earliest first). */
  async disputed(db: DbOrTx, branchId: number | undefined, limit: number) {
    const savers = (col: SQL) => sql`(select string_agg(${col}, ', ' order by s.created_at, s.id)
         from saved_tracks s join users u on u.id = s.user_id and u.role = 'customer' where s.track_code = o.track_code)`;
    const rows = await db.execute(sql`
      select o.id, o.track_code, o.disputed_at, b.name as branch_name,
             ${daysSince(sql`o.disputed_at`, zoneOf(sql`b.time_zone`))} as days,
             ${savers(sql`u.client_code`)} as client_codes,
             ${savers(sql`trim(u.first_name || ' ' || u.last_name)`)} as names,
             ${savers(sql`u.phone_number`)} as phones
        from orders o left join branches b on b.id = o.branch_id
       where o.disputed_at is not null and o.user_id is null and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.disputed_at asc, o.id asc limit ${limit}`);
    return rowsOf<{
      id: number | string;
      track_code: string;
      disputed_at: string | Date;
      branch_name: Record<string, string> | null;
      days: number;
      client_codes: string | null;
      names: string | null;
      phones: string | null;
    }>(rows);
  },

  /** Parcels at a branch whose last free day is over there (that branch's today), with the days since. */
  async pastStorage(db: DbOrTx, branchId: number | undefined, limit: number) {
    const today = todayIn(zoneOf(sql`b.time_zone`));
    const rows = await db.execute(sql`
      select o.id, o.track_code, o.storage_until::text as storage_until, u.client_code, u.first_name, u.last_name, u.phone_number, b.name as branch_name,
             (${today} - o.storage_until)::int as days, o.price::text as price, o.insurance_premium::text as insurance, o.currency
        from orders o left join users u on u.id = o.user_id left join branches b on b.id = o.branch_id
       where o.status_id = (select id from order_statuses where code = 'at_branch')
         and o.storage_until < ${latestToday} and o.storage_until < ${today} and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.storage_until asc, o.id asc limit ${limit}`);
    return rowsOf<{
      id: number | string;
      track_code: string;
      storage_until: string;
      client_code: string | null;
      first_name: string | null;
      last_name: string | null;
      phone_number: string | null;
      branch_name: Record<string, string> | null;
      days: number;
      price: string | null;
      insurance: string;
      currency: string | null;
    }>(rows);
  },

  /**
   * Parcels addressed to a branch that another branch took in the last `days` days (parcel_readdresses, written by the
   * parcels module with the arrival), newest first: the taking branch, the owner, the reason; days in the branch's zone.
   */
  async readdressed(db: DbOrTx, days: number, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      select r.id, o.track_code, u.client_code, u.first_name, u.last_name, u.phone_number, b.name as branch_name, r.at, r.reason,
             ${daysSince(sql`r.at`, zoneOf(sql`f.time_zone`))} as days
        from parcel_readdresses r join orders o on o.id = r.order_id left join users u on u.id = o.user_id
        join branches b on b.id = r.to_branch_id join branches f on f.id = r.from_branch_id
       where r.at > now() - make_interval(days => ${days}) and ${branchIs(sql`r.from_branch_id`, branchId)}
       order by r.at desc, r.id desc limit ${limit}`);
    return rowsOf<{
      id: number | string;
      track_code: string;
      client_code: string | null;
      first_name: string | null;
      last_name: string | null;
      phone_number: string | null;
      branch_name: Record<string, string> | null;
      at: string | Date;
      reason: string;
      days: number;
    }>(rows);
  },

  /**
   * Parcels held by customs now (ADR 085), longest held first, with their owners; a branch sees the parcels coming to
   * it. Bounded by the partial index on customs_held_at.
   */
  async customsHeld(db: DbOrTx, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      select o.id, o.track_code, u.client_code, u.first_name, u.last_name, u.phone_number, b.name as branch_name,
             o.customs_held_at as at, o.customs_hold_reason as reason, o.customs_hold_note as note,
             ${daysSince(sql`o.customs_held_at`, zoneOf(sql`b.time_zone`))} as days
        from orders o left join users u on u.id = o.user_id left join branches b on b.id = o.branch_id
       where o.customs_held_at is not null and ${branchIs(sql`o.branch_id`, branchId)}
       order by o.customs_held_at asc, o.id asc limit ${limit}`);
    return rowsOf<{
      id: number | string;
      track_code: string;
      client_code: string | null;
      first_name: string | null;
      last_name: string | null;
      phone_number: string | null;
      branch_name: Record<string, string> | null;
      at: string | Date;
      reason: TCustomsHoldReason | null;
      note: string | null;
      days: number;
    }>(rows);
  },

  /**
   * Customers a channel no longer reaches (notification_channels.unreachable_at set), longest first; a branch sees
   * the customers who chose it. Bounded by the few unreachable rows, never by the number of customers.
   */
  async unreachable(db: DbOrTx, branchId: number | undefined, limit: number) {
    const rows = await db.execute(sql`
      select u.id, u.client_code, u.first_name, u.last_name, u.phone_number, b.name as branch_name,
             array_agg(c.channel order by c.channel) as channels, min(c.unreachable_at) as since,
             ${daysSince(sql`min(c.unreachable_at)`, zoneOf(sql`b.time_zone`))} as days
        from notification_channels c join users u on u.id = c.user_id left join branches b on b.id = u.branch_id
       where c.unreachable_at is not null and ${branchIs(sql`u.branch_id`, branchId)}
       group by u.id, b.name, b.time_zone
       order by min(c.unreachable_at) asc, u.id asc limit ${limit}`);
    return rowsOf<{
      id: number;
      client_code: string;
      first_name: string;
      last_name: string;
      phone_number: string;
      branch_name: Record<string, string> | null;
      channels: string[] | string;
      since: string | Date;
      days: number;
    }>(rows);
  },

  /**
   * Customers whose charges exceed their payments, per currency; a branch sees debts run up at it. Read from the
   * balances the payments module keeps beside its journal (a row per customer, branch and currency), not the journal.
   */
  async debtors(db: DbOrTx, branchId: number | undefined, limit: number) {
    // Every branch: the customers' totals over branches, read in balance order from customer_totals_debt_idx
    // (NULLS LAST as the index, or the planner sorts every row); one branch: its positive balance rows.
    const d =
      branchId === undefined
        ? sql`select user_id, currency, balance, last_at from customer_totals where balance > 0`
        : sql`select user_id, currency, balance, last_at from customer_balances where branch_id = ${branchId} and balance > 0`;
    const rows = await db.execute(sql`
      select u.id, u.client_code, u.first_name, u.last_name, u.phone_number, d.currency, d.balance::bigint::text as balance, d.last_at,
             ${daysSince(sql`d.last_at`, zoneOf(sql`b.time_zone`))} as days
        from (${d}) d join users u on u.id = d.user_id left join branches b on b.id = ${branchId === undefined ? sql`u.branch_id` : sql`${branchId}::int`}
       order by d.balance desc nulls last, d.user_id asc limit ${limit}`);
    return rowsOf<{
      id: number;
      client_code: string;
      first_name: string;
      last_name: string;
      phone_number: string;
      currency: string;
      balance: string;
      last_at: string | Date;
      days: number;
    }>(rows);
  },
};
