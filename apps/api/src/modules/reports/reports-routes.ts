import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { ReadOrigin } from '../../db/pg-pool';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDashboardResponse,
  ZErrorBody,
  ZExportQuery,
  ZReportQuery,
  ZWorklistKind,
  ZWorklistParams,
  ZWorklistQuery,
  ZWorklistResponse,
  type TLang,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { requireCapability, resolveWorkBranch } from '../manage/manage-access';
import { exportTableOf, writeExport } from './reports-export';
import { reportsService } from './reports-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const EXPORT_URL = '/manage/reports/export';

const branchScopes = new WeakMap<FastifyRequest, { branchId: number | undefined }>();

/** The branch the scope's guard resolved for the query's `branch_id` (undefined: every branch, admins only). */
function branchOf(request: FastifyRequest): number | undefined {
  const scope = branchScopes.get(request);
  if (!scope) throw new Error('reports route without its guard');
  return scope.branchId;
}

/**
 * The dashboard, worklists and exports. One guard for all of them: staff or admin (customers 403) holding the route's
 * capability (`reports` to see, `exports` to download; ADR 075), then the branch: admins see every branch or name one;
 * branch staff always their own (another branch → 403); warehouse staff 403.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const see = requireCapability(app, 'reports');
  const download = requireCapability(app, 'exports');
  app.addHook('preHandler', async (request, reply) => {
    await (request.routeOptions.url?.endsWith(EXPORT_URL) ? download : see)(request, reply);
    const { user } = authOf(request);
    const requested = (request.query as { branch_id?: number }).branch_id;
    const admin = user.role === 'admin';
    const branchId = admin && requested === undefined ? undefined : (await resolveWorkBranch(app.db, user, requested)).id;
    branchScopes.set(request, { branchId });
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Reads on the replica when there is one (the primary while it is away, ADR 095), saying where they came from:
   * `x-read-from` (replica|primary) and, from a replica, `x-replica-lag-seconds` (the dashboard's `replica_lag_seconds` too, the screen shows it when it matters).
   */
  async function readFor<T>(reply: FastifyReply, work: (db: Db) => Promise<T>): Promise<T> {
    const read = await app.database.reads.read(work);
    say(reply, read);
    return read.value;
  }
  function say(reply: FastifyReply, read: ReadOrigin) {
    reply.header('x-read-from', read.from);
    if (read.lagSeconds !== null) reply.header('x-replica-lag-seconds', String(read.lagSeconds));
  }

  r.get(
    '/manage/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Dashboard: parcels per status per branch, flows per day, revenue per branch/day/method; period beside the previous one',
        security,
        querystring: ZReportQuery,
        response: { 200: ZDashboardResponse, ...errors },
      },
    },
    async (request, reply) => {
      const branchId = branchOf(request);
      const read = await app.database.reads.read((db) => reportsService.dashboard(db, request.query, branchId, requestLang(request)));
      say(reply, read);
      return { data: read.lagSeconds === null ? read.value : { ...read.value, replica_lag_seconds: read.lagSeconds } };
    },
  );

  r.get(
    '/manage/worklists/:kind',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Worklists: unclaimed parcels older than N days, parcels past free storage, customers with debts, customers no channel reaches',
        security,
        params: ZWorklistParams,
        querystring: ZWorklistQuery,
        response: { 200: ZWorklistResponse, ...errors },
      },
    },
    async (request, reply) => {
      const branchId = branchOf(request);
      return {
        data: await readFor(reply, (db) =>
          reportsService.worklist(db, request.params.kind, { branchId, days: request.query.days }, requestLang(request)),
        ),
      };
    },
  );

  r.get(
    EXPORT_URL,
    {
      schema: {
        tags: ['reports'],
        summary: 'One dashboard table or worklist as .xlsx or .csv: exactly the rows the screen shows for the same filters',
        security,
        querystring: ZExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang: TLang = q.lang ?? requestLang(request);
      const branchId = branchOf(request);
      const kind = ZWorklistKind.safeParse(q.table);
      const data = await readFor(reply, async (db) =>
        kind.success
          ? { worklist: await reportsService.worklist(db, kind.data, { branchId, days: q.days }, lang) }
          : { dashboard: await reportsService.dashboard(db, q, branchId, lang) },
      );
      const body = await writeExport(exportTableOf(q.table, data), q.format, lang, q.table);
      const stamp = data.dashboard ? `${data.dashboard.period.from}_${data.dashboard.period.to}` : new Date().toISOString().slice(0, 10);
      reply
        .header(
          'content-type',
          q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${q.table}_${stamp}.${q.format}"`)
        .header('cache-control', 'no-store');
      return reply.send(body as never);
    },
  );
}
