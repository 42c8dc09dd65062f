import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAdminSupportAssignRequest,
  ZAdminSupportDetail,
  ZAdminSupportDetailResponse,
  ZAdminSupportsExportQuery,
  ZAdminSupportsQuery,
  ZAdminSupportsResponse,
  ZData,
  ZErrorBody,
  ZIdParam,
  ZSupportReplyRequest,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { text } from '../../texts/texts';
import { auditActorOf } from '../audit/audit';
import { EXPORT_PRODUCES, exportGuard, exportMoment, exportRows, sendListExport } from '../reports/list-export';
import { createSupportThreadsService } from './support-threads-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];
const ZThreadResponse = ZData(ZAdminSupportDetail.shape.request);

/** admin/supports… (inside the admin area): the support inbox. */
export async function adminSupportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supports = createSupportThreadsService({ db: app.db });

  r.get(
    '/supports',
    {
      schema: {
        tags,
        summary: 'Support requests, newest first (filters[state|category|from|to|search])',
        security,
        querystring: ZAdminSupportsQuery,
        response: { 200: ZAdminSupportsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await supports.list(
        {
          state: q['filters[state]'],
          category: q['filters[category]'],
          from: q['filters[from]'],
          to: q['filters[to]'],
          search: q['filters[search]'],
        },
        page,
        perPage,
      );
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/supports/export',
    {
      schema: {
        tags,
        summary: 'Support requests as .xlsx or .csv: the rows the inbox shows for the same filters (at most 10 000)',
        security,
        querystring: ZAdminSupportsExportQuery,
        produces: EXPORT_PRODUCES,
        response: errors,
      },
      preHandler: exportGuard(app),
    },
    async (request, reply) => {
      const { format, lang = requestLang(request), ...q } = request.query;
      const filters = {
        state: q['filters[state]'],
        category: q['filters[category]'],
        from: q['filters[from]'],
        to: q['filters[to]'],
        search: q['filters[search]'],
      };
      const { rows, total } = await exportRows((page, perPage) => supports.list(filters, page, perPage));
      const table = {
        columns: [
          { key: 'id' },
          { key: 'created_at' },
          { key: 'state' },
          { key: 'category' },
          { key: 'name' },
          { key: 'contact' },
          { key: 'client_code' },
          { key: 'message' },
          { key: 'assignee' },
          { key: 'messages' },
          { key: 'updated_at' },
        ],
        rows: rows.map((s) => ({
          id: s.id,
          created_at: exportMoment(s.created_at),
          state: text(`reports.values.state.${s.state}`, lang),
          category: text(`reports.values.category.${s.category}`, lang),
          name: s.name ?? s.customer?.name ?? null,
          contact: s.contact,
          client_code: s.customer?.client_code ?? null,
          message: s.message,
          assignee: s.assignee?.name ?? null,
          messages: s.messages_count,
          updated_at: exportMoment(s.updated_at),
        })),
      };
      return sendListExport(reply, table, { format, lang, name: 'supports', total });
    },
  );

  r.get(
    '/supports/:id',
    {
      schema: {
        tags,
        summary: "One request's thread beside the customer's account and latest parcels",
        security,
        params: ZIdParam,
        response: { 200: ZAdminSupportDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await supports.detail(request.params.id) }),
  );

  r.post(
    '/supports/:id/replies',
    {
      schema: {
        tags,
        summary: 'Reply in the thread (the request becomes answered; the customer is notified); 409 when it is closed',
        security,
        params: ZIdParam,
        body: ZSupportReplyRequest,
        response: { 201: ZThreadResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await supports.reply(auditActorOf(request), request.params.id, request.body.body) }),
  );

  r.post(
    '/supports/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign the request to a staff member or admin (user_id), or to nobody (null)',
        security,
        params: ZIdParam,
        body: ZAdminSupportAssignRequest,
        response: { 200: ZThreadResponse, ...errors },
      },
    },
    async (request) => ({ data: await supports.assign(auditActorOf(request), request.params.id, request.body.user_id) }),
  );

  r.post(
    '/supports/:id/close',
    {
      schema: {
        tags,
        summary: 'Close the thread (nobody can write in it any more)',
        security,
        params: ZIdParam,
        response: { 200: ZThreadResponse, ...errors },
      },
    },
    async (request) => ({ data: await supports.close(auditActorOf(request), request.params.id) }),
  );
}
