import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMarketplacesResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { marketplacesRepository } from './marketplaces-repository';

export async function marketplacesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/marketplaces',
    {
      schema: { tags: ['content'], summary: 'Marketplaces customers buy on, with logo and link', response: { 200: ZMarketplacesResponse } },
      config: { cacheable: true },
    },
    async (request) => ({ data: await marketplacesRepository.all(app.db, requestLang(request)) }),
  );
}
