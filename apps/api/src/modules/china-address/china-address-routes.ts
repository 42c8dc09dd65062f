import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZChinaAddressResponse, ZErrorBody } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { chinaAddressOf } from './china-address-service';

export async function chinaAddressRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/china-address',
    {
      schema: {
        tags: ['content'],
        summary: "The signed-in customer's China address: warehouse lines with their client code and phone, plus a copy-all text",
        security: [{ bearer: [] }],
        response: { 200: ZChinaAddressResponse, 401: ZErrorBody, 404: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await chinaAddressOf(app.db, authOf(request).user, requestLang(request)) };
    },
  );
}
