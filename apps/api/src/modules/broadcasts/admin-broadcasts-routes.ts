import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZBroadcastCountRequest,
  ZBroadcastCountResponse,
  ZBroadcastCreateRequest,
  ZBroadcastParams,
  ZBroadcastResponse,
  ZBroadcastsQuery,
  ZBroadcastsResponse,
  ZBroadcastTestRequest,
  ZErrorBody,
  ZOk,
} from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { createBroadcastsService } from './broadcasts-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** admin/broadcasts… (inside the admin area: the admin guard runs first). */
export async function adminBroadcastsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createBroadcastsService({ db: app.db });

  r.get(
    '/broadcasts',
    {
      schema: {
        tags,
        summary: 'Broadcasts, newest first, with progress and delivery counts (filters[state])',
        security,
        querystring: ZBroadcastsQuery,
        response: { 200: ZBroadcastsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.list(q['filters[state]'], q['filters[page]'], q['filters[per_page]']);
      return { data: items, meta: pageMeta(q['filters[page]'], q['filters[per_page]'], total) };
    },
  );

  r.post(
    '/broadcasts/count',
    {
      schema: {
        tags,
        summary: 'How many customers a segment (branch, parcel status, language) reaches now',
        security,
        body: ZBroadcastCountRequest,
        response: { 200: ZBroadcastCountResponse, ...errors },
      },
    },
    async (request) => ({ data: { recipients: await service.count(request.body.segment) } }),
  );

  r.post(
    '/broadcasts/test',
    {
      schema: {
        tags,
        summary: 'Send the message to yourself only, now',
        security,
        body: ZBroadcastTestRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await service.test(auditActorOf(request), request.body);
      return { data: { message: 'sent' } };
    },
  );

  r.post(
    '/broadcasts',
    {
      schema: {
        tags,
        summary: 'Schedule a broadcast: it goes out in 60 seconds unless cancelled',
        security,
        body: ZBroadcastCreateRequest,
        response: { 201: ZBroadcastResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(auditActorOf(request), request.body) }),
  );

  r.get(
    '/broadcasts/:id',
    {
      schema: {
        tags,
        summary: 'One broadcast with its progress and counts',
        security,
        params: ZBroadcastParams,
        response: { 200: ZBroadcastResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  r.post(
    '/broadcasts/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a broadcast before it starts (409 once sending)',
        security,
        params: ZBroadcastParams,
        response: { 200: ZBroadcastResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.cancel(auditActorOf(request), request.params.id) }),
  );
}
