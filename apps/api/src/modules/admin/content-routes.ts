import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pageMeta, ZAdminContentQuery, ZContentParams, ZErrorBody, ZMoveRequest, ZOk, type TLang } from '@portal/contract';
import { auditActorOf, type AuditActor } from '../audit/audit';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** The service an ordered content kind (lessons, FAQ, prohibited items, marketplaces) gives its admin calls. */
export interface OrderedContentService<Item, Create, Update> {
  list(filters: { search?: string; missing?: 'any' | TLang }, page: number, perPage: number): Promise<{ items: unknown[]; total: number }>;
  get(id: number): Promise<Item>;
  create(actor: AuditActor, input: Create): Promise<Item>;
  update(actor: AuditActor, id: number, input: Update): Promise<Item>;
  move(actor: AuditActor, id: number, direction: 'up' | 'down'): Promise<void>;
  remove(actor: AuditActor, id: number): Promise<void>;
}

/**
 * The six admin calls of an ordered content kind, named in the style: `GET admin/<path>` (paged, in
 * display order, filters[search] and filters[missing]), `GET admin/<path>/{id}`, `POST admin/<path>`,
 * `PUT admin/<path>/{id}` (409 on a stale version), `POST admin/<path>/{id}/move` and `DELETE admin/<path>/{id}`.
 */
export function orderedContentRoutes<C extends z.ZodType, U extends z.ZodType, I>(
  app: FastifyInstance,
  options: {
    path: string;
    /** For the OpenAPI summaries: "FAQ entry", "lesson" … */
    noun: string;
    schemas: { list: z.ZodType; item: z.ZodType; create: C; update: U };
    service: OrderedContentService<I, z.output<C>, z.output<U>>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { path, noun, schemas, service } = options;

  r.get(
    `/${path}`,
    {
      schema: {
        tags,
        summary: `Every ${noun} in display order (filters[search] in any language, filters[missing]=any|kk|ru|en)`,
        security,
        querystring: ZAdminContentQuery,
        response: { 200: schemas.list, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await service.list({ search: q['filters[search]'], missing: q['filters[missing]'] }, page, perPage);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    `/${path}/:id`,
    {
      schema: {
        tags,
        summary: `One ${noun} with its texts in every language`,
        security,
        params: ZContentParams,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  r.post(
    `/${path}`,
    {
      schema: {
        tags,
        summary: `Add a ${noun} at the end of the list (every text in kk, ru and en)`,
        security,
        body: schemas.create,
        response: { 201: schemas.item, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.create(auditActorOf(request), request.body as z.output<C>) }),
  );

  r.put(
    `/${path}/:id`,
    {
      schema: {
        tags,
        summary: `Save a ${noun} (409 when someone saved it since \`version\`)`,
        security,
        params: ZContentParams,
        body: schemas.update,
        response: { 200: schemas.item, ...errors },
      },
    },
    async (request) => ({ data: await service.update(auditActorOf(request), request.params.id, request.body as z.output<U>) }),
  );

  r.post(
    `/${path}/:id/move`,
    {
      schema: {
        tags,
        summary: `Move a ${noun} one place up or down`,
        security,
        params: ZContentParams,
        body: ZMoveRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await service.move(auditActorOf(request), request.params.id, request.body.direction);
      return { data: { message: 'ok' } };
    },
  );

  r.delete(
    `/${path}/:id`,
    { schema: { tags, summary: `Delete a ${noun}`, security, params: ZContentParams, response: { 200: ZOk, ...errors } } },
    async (request) => {
      await service.remove(auditActorOf(request), request.params.id);
      return { data: { message: 'ok' } };
    },
  );
}
