import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZCreateSupportRequest,
  ZCreateSupportResponse,
  ZErrorBody,
  ZIdParam,
  ZSupportReplyRequest,
  ZSupportsQuery,
  ZSupportsResponse,
  ZSupportThreadResponse,
} from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import { requestLang } from '../../lib/request-lang';
import { createSupportsService } from './supports-service';
import { createSupportThreadsService } from './support-threads-service';

export async function supportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supports = createSupportsService({ db: app.db });
  const threads = createSupportThreadsService({ db: app.db });
  const errors = { 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
  r.post(
    '/supports',
    {
      schema: {
        tags: ['content'],
        summary: 'Send a support request (signed in or not); limited per user and per client address',
        security: [{ bearer: [] }, {}],
        body: ZCreateSupportRequest,
        response: { 201: ZCreateSupportResponse, 400: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody },
      },
      preHandler: app.optionalAuth,
    },
    async (request, reply) => {
      const receipt = await supports.create(request.body, {
        userId: request.auth?.user.id ?? null,
        ip: request.ip,
        lang: requestLang(request),
      });
      return reply.code(201).send({ data: receipt });
    },
  );

  r.get(
    '/supports',
    {
      schema: {
        tags: ['content'],
        summary: "The signed-in customer's own requests (my requests), the latest activity first",
        security: [{ bearer: [] }],
        querystring: ZSupportsQuery,
        response: { 200: ZSupportsResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const page = request.query['filters[page]'];
      const perPage = request.query['filters[per_page]'];
      const { items, total } = await threads.listOwn(authOf(request).user.id, page, perPage);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/supports/:id',
    {
      schema: {
        tags: ['content'],
        summary: "One of the customer's own requests with its thread (anyone else's answers 404)",
        security: [{ bearer: [] }],
        params: ZIdParam,
        response: { 200: ZSupportThreadResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await threads.getOwn(authOf(request).user.id, request.params.id) }),
  );

  r.post(
    '/supports/:id/replies',
    {
      schema: {
        tags: ['content'],
        summary: "Answer in the same thread (409 when it is closed; anyone else's request answers 404)",
        security: [{ bearer: [] }],
        params: ZIdParam,
        body: ZSupportReplyRequest,
        response: { 201: ZSupportThreadResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await threads.replyAsCustomer(authOf(request).user.id, request.params.id, request.body.body) }),
  );
}
