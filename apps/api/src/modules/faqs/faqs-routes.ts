import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZFaqsQuery, ZFaqsResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { faqsRepository } from './faqs-repository';

export async function faqsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/faqs',
    {
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions; ?search= filters them in the request language',
        querystring: ZFaqsQuery,
        response: { 200: ZFaqsResponse, 422: ZErrorBody },
      },
      config: { cacheable: true },
    },
    async (request) => ({ data: await faqsRepository.list(app.db, requestLang(request), request.query.search) }),
  );
}
