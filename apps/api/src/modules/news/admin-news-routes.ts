import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAdminNewsCreateRequest,
  ZAdminNewsListResponse,
  ZAdminNewsQuery,
  ZAdminNewsResponse,
  ZAdminNewsUpdateRequest,
  ZContentParams,
  ZErrorBody,
  ZOk,
} from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { createAdminNewsService } from './admin-news-service';
import { newsImageReferences } from './news-images';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** admin/news… (inside the admin area: the admin guard runs first). */
export async function adminNewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminNewsService({ db: app.db, uploads: app.uploads });
  app.uploads.registerReferences('news', newsImageReferences);

  r.get(
    '/news',
    {
      schema: {
        tags,
        summary: 'News items (drafts, scheduled and published), newest publication first',
        security,
        querystring: ZAdminNewsQuery,
        response: { 200: ZAdminNewsListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await service.list(
        { search: q['filters[search]'], missing: q['filters[missing]'], state: q['filters[state]'] },
        page,
        perPage,
      );
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'One news item with its texts in every language',
        security,
        params: ZContentParams,
        response: { 200: ZAdminNewsResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  r.post(
    '/news',
    {
      schema: {
        tags,
        summary: 'Create a news item: a draft, or published at published_at (title and body in kk, ru and en to publish)',
        security,
        body: ZAdminNewsCreateRequest,
        response: { 201: ZAdminNewsResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(auditActorOf(request), request.body) }),
  );

  r.put(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'Save a news item (409 when someone saved it since `version`)',
        security,
        params: ZContentParams,
        body: ZAdminNewsUpdateRequest,
        response: { 200: ZAdminNewsResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.update(auditActorOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/news/:id',
    { schema: { tags, summary: 'Delete a news item', security, params: ZContentParams, response: { 200: ZOk, ...errors } } },
    async (request) => {
      await service.remove(auditActorOf(request), request.params.id);
      return { data: { message: 'ok' } };
    },
  );
}
