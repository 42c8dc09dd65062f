import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZReceiptParams, ZReceiptResponse } from '@portal/contract';
import { notFound } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { receiptsRepository } from './receipts-repository';

export async function receiptsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/receipts/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'A hand-over receipt: customers see their own, staff and admins any',
        security: [{ bearer: [] }],
        params: ZReceiptParams,
        response: { 200: ZReceiptResponse, 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { user } = authOf(request);
      const found = await receiptsRepository.view(app.db, request.params.id, requestLang(request));
      if (!found || (user.role === 'customer' && found.userId !== user.id)) throw notFound();
      const { userId: _owner, ...receipt } = found;
      return { data: receipt };
    },
  );
}
