import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProhibitedItemsResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { prohibitedItemsRepository } from './prohibited-items-repository';

export async function prohibitedItemsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/prohibited-items',
    {
      schema: { tags: ['content'], summary: 'Goods the carrier does not ship', response: { 200: ZProhibitedItemsResponse } },
      config: { cacheable: true },
    },
    async (request) => ({ data: await prohibitedItemsRepository.all(app.db, requestLang(request)) }),
  );
}
