import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageMeta, ZErrorBody, ZNewsItemParams, ZNewsItemResponse, ZNewsListQuery, ZNewsListResponse } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { newsRepository } from './news-repository';

export async function newsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  r.get(
    '/news',
    {
      schema: {
        tags,
        summary: 'Published news, newest first (filters[page], filters[per_page])',
        querystring: ZNewsListQuery,
        response: { 200: ZNewsListResponse, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const page = request.query['filters[page]'];
      const perPage = request.query['filters[per_page]'];
      const { items, total } = await newsRepository.page(app.db, requestLang(request), page, perPage);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'One published news item with its body',
        params: ZNewsItemParams,
        response: { 200: ZNewsItemResponse, 404: ZErrorBody, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => {
      const item = await newsRepository.findPublished(app.db, request.params.id, requestLang(request));
      if (!item) throw new AppError('not_found');
      return { data: item };
    },
  );
}
