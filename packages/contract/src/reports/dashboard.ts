import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay } from '../common/fields';
import { MSG } from '../common/messages';
import { ZDeliveryChannel } from '../notifications/events';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZJournalMethod, ZOnlineProvider } from '../payments/online';

/** The longest period one dashboard call covers (its previous period is as long again). */
export const MAX_REPORT_DAYS = 366;
/** Calendar days of flows and revenue are counted in the carrier's home time zone. */
export const REPORT_TIME_ZONE = 'Asia/Almaty';

/** GET manage/reports: a period (default the last 30 days) beside the previous one of equal length; one branch or all (admins). */
export const ZReportQuery = z
  .strictObject({
    from: ZCalendarDay.optional(),
    to: ZCalendarDay.optional(),
    branch_id: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: MSG.invalidDate, path: ['to'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    error: MSG.invalidValue,
    path: ['from'],
  });
export type TReportQuery = z.input<typeof ZReportQuery>;

export const ZPeriod = z.object({ from: z.string(), to: z.string() });

export const ZStatusRow = z.object({
  branch_id: z.number().int().nullable(),
  branch: z.string(),
  status: ZOrderStatusCode,
  count: z.number().int(),
});
export const ZFlowRow = z.object({
  date: z.string(),
  received: z.number().int(),
  dispatched: z.number().int(),
  arrived: z.number().int(),
  delivered: z.number().int(),
});
export const ZRevenueRow = z.object({
  date: z.string(),
  branch_id: z.number().int(),
  branch: z.string(),
  /** A counter method, or `online` (paid through a provider, ADR 077). */
  method: ZJournalMethod,
  /** Which provider took `online` money (its refunds subtract from it); null for the counter's methods. */
  provider: ZOnlineProvider.nullable(),
  currency: z.string(),
  amount: z.number().int(),
  count: z.number().int(),
});
export type TRevenueRow = z.infer<typeof ZRevenueRow>;
export const ZFlowTotals = z.object({
  received: z.number().int(),
  dispatched: z.number().int(),
  arrived: z.number().int(),
  delivered: z.number().int(),
});
export const ZRevenueTotal = z.object({ currency: z.string(), amount: z.number().int() });

export const ZDashboard = z.object({
  period: ZPeriod,
  previous: ZPeriod,
  branch_id: z.number().int().nullable(),
  /** Read on the read replica: seconds its replay is behind (ADR 095); absent when read on the primary. */
  replica_lag_seconds: z.number().nonnegative().optional(),
  /** Parcels now in each status per branch (delivered: delivered within the period). */
  parcels_by_status: z.array(ZStatusRow),
  flows: z.array(ZFlowRow),
  flows_total: ZFlowTotals,
  flows_previous: ZFlowTotals,
  /** Revenue per day, branch, method and provider of online money (minor units; reversals and refunds subtract). */
  revenue: z.array(ZRevenueRow),
  revenue_total: z.array(ZRevenueTotal),
  revenue_previous: z.array(ZRevenueTotal),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardResponse = ZData(ZDashboard);
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

export const WORKLISTS = ['unclaimed', 'disputed', 'storage', 'debtors', 'unreachable', 'readdressed', 'customs_held'] as const;
export const ZWorklistKind = z.enum(WORKLISTS);
export type TWorklistKind = z.infer<typeof ZWorklistKind>;
/** How far back the `readdressed` worklist reaches. */
export const READDRESSED_DAYS = 30;

/**
 * GET manage/worklists/{kind}: unclaimed parcels older than `days`, disputed parcels (several customers saved the code:
 * the savers' client codes and names, days since disputed), parcels past free storage, customers with debt,
 * customers a channel no longer reaches (a branch sees its own customers), and parcels addressed to the branch that
 * another branch took in the last READDRESSED_DAYS days (the taking branch, when, the reason in `note`), and parcels
 * held by customs now (since when, the reason and staff's note in `note`; a branch sees those coming to it).
 */
export const ZWorklistQuery = z.strictObject({
  branch_id: z.coerce.number().int().positive().optional(),
  days: z.coerce.number().int().min(0).max(3650).optional(),
});
export const ZWorklistParams = z.object({ kind: ZWorklistKind });

export const ZWorklistRow = z.object({
  id: z.number().int(),
  track_code: z.string().nullable(),
  client_code: z.string().nullable(),
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
  branch: z.string().nullable(),
  /** received_at (unclaimed), disputed_at (disputed), storage_until (storage), the last money event (debtors), since when unreachable or held. */
  date: z.string().nullable(),
  /** unreachable: the channels that no longer reach the customer. */
  channels: z.array(ZDeliveryChannel).nullable(),
  days: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** readdressed: why the other branch took the parcel (its staff's words); customs_held: the hold's reason and note. */
  note: z.string().nullable(),
});
export type TWorklistRow = z.infer<typeof ZWorklistRow>;
export const ZWorklistResponse = ZData(z.array(ZWorklistRow));
export type TWorklistResponse = z.infer<typeof ZWorklistResponse>;

/** The tables a dashboard export can write: each exactly the rows the screen shows for the same filters. */
export const EXPORT_TABLES = [
  'status',
  'flows',
  'revenue',
  'unclaimed',
  'disputed',
  'storage',
  'debtors',
  'unreachable',
  'readdressed',
  'customs_held',
] as const;
export const ZExportQuery = z.strictObject({
  table: z.enum(EXPORT_TABLES),
  format: z.enum(['xlsx', 'csv']),
  from: ZCalendarDay.optional(),
  to: ZCalendarDay.optional(),
  branch_id: z.coerce.number().int().positive().optional(),
  days: z.coerce.number().int().min(0).max(3650).optional(),
  lang: z.enum(['kk', 'ru', 'en']).optional(),
});
export type TExportQuery = z.input<typeof ZExportQuery>;
