import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { resolveWorkBranch } from '../manage/manage-access';
import { exportTableOf, reportsService, writeExport } from './reports-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];

/**
 * The dashboard, worklists and exports. Admins see every branch or name one; branch staff always their own
 * (another branch → 403); warehouse staff and customers 403.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole('staff', 'admin');
  const scope = async (request: FastifyRequest, branchId: number | undefined) => {
    const { user } = authOf(request);
    if (user.role === 'admin') return branchId === undefined ? undefined : (await resolveWorkBranch(app.db, user, branchId)).id;
    return (await resolveWorkBranch(app.db, user, branchId)).id;
  };

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
      preHandler: staffOnly,
    },
    async (request) => {
      const branchId = await scope(request, request.query.branch_id);
      return { data: await reportsService.dashboard(app.db, request.query, branchId, requestLang(request)) };
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
      preHandler: staffOnly,
    },
    async (request) => {
      const branchId = await scope(request, request.query.branch_id);
      return {
        data: await reportsService.worklist(app.db, request.params.kind, { branchId, days: request.query.days }, requestLang(request)),
      };
    },
  );

  r.get(
    '/manage/reports/export',
    {
      schema: {
        tags: ['reports'],
        summary: 'One dashboard table or worklist as .xlsx or .csv: exactly the rows the screen shows for the same filters',
        security,
        querystring: ZExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { ...errors },
      },
      preHandler: staffOnly,
    },
    async (request, reply) => {
      const q = request.query;
      const lang: TLang = q.lang ?? requestLang(request);
      const branchId = await scope(request, q.branch_id);
      const kind = ZWorklistKind.safeParse(q.table);
      const data = kind.success
        ? { worklist: await reportsService.worklist(app.db, kind.data, { branchId, days: q.days }, lang) }
        : { dashboard: await reportsService.dashboard(app.db, q, branchId, lang) };
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
