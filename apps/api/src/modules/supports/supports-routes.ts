import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateSupportRequest, ZCreateSupportResponse, ZErrorBody } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { createSupportsService } from './supports-service';

export async function supportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supports = createSupportsService({ db: app.db });
  r.post('/supports', {
    schema: {
      tags: ['content'],
      summary: 'Send a support request (signed in or not); limited per user and per client address',
      security: [{ bearer: [] }, {}],
      body: ZCreateSupportRequest,
      response: { 201: ZCreateSupportResponse, 400: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody },
    },
    preHandler: app.optionalAuth,
  }, async (request, reply) => {
    const receipt = await supports.create(request.body, { userId: request.auth?.user.id ?? null, ip: request.ip, lang: requestLang(request) });
    return reply.code(201).send({ data: receipt });
  });
}
