import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAdminBranchCreateRequest,
  ZAdminBranchesQuery,
  ZAdminBranchesResponse,
  ZAdminBranchParams,
  ZAdminBranchResponse,
  ZAdminBranchStateRequest,
  ZAdminBranchUpdateRequest,
  ZErrorBody,
} from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { createAdminBranchesService } from './admin-branches-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** admin/branches… (inside the admin area: the admin guard runs first). */
export async function adminBranchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminBranchesService({ db: app.db });

  r.get(
    '/branches',
    {
      schema: {
        tags,
        summary: 'Every branch, open and closed (filters[search] in any language, filters[country_id], filters[state]=active|closed)',
        security,
        querystring: ZAdminBranchesQuery,
        response: { 200: ZAdminBranchesResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.list(
        { search: q['filters[search]'], country_id: q['filters[country_id]'], state: q['filters[state]'] },
        q['filters[page]'],
        q['filters[per_page]'],
      );
      return { data: items, meta: pageMeta(q['filters[page]'], q['filters[per_page]'], total) };
    },
  );

  r.get(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: 'One branch with its texts in every language and what keeps it open',
        security,
        params: ZAdminBranchParams,
        response: { 200: ZAdminBranchResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  r.post(
    '/branches',
    {
      schema: {
        tags,
        summary: 'Open a new branch (texts in kk, ru and en, tariff, hours, time zone, contacts)',
        security,
        body: ZAdminBranchCreateRequest,
        response: { 201: ZAdminBranchResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(auditActorOf(request), request.body) }),
  );

  r.put(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: 'Save a branch (409 when someone saved it since `version`)',
        security,
        params: ZAdminBranchParams,
        body: ZAdminBranchUpdateRequest,
        response: { 200: ZAdminBranchResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.update(auditActorOf(request), request.params.id, request.body) }),
  );

  r.post(
    '/branches/:id/close',
    {
      schema: {
        tags,
        summary:
          'Close a branch: gone from the customers’ choices, history kept; refused with the counts while it has parcels or customers',
        security,
        params: ZAdminBranchParams,
        body: ZAdminBranchStateRequest,
        response: { 200: ZAdminBranchResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.close(auditActorOf(request), request.params.id, request.body.version) }),
  );

  r.post(
    '/branches/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Open a closed branch again',
        security,
        params: ZAdminBranchParams,
        body: ZAdminBranchStateRequest,
        response: { 200: ZAdminBranchResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.reopen(auditActorOf(request), request.params.id, request.body.version) }),
  );
}
