import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParam, ZWeightCheckResponse, ZWeightChecksResponse, ZWeightDisputeRequest } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { auditActorOf } from '../audit/audit';
import { authOf } from '../auth/auth-plugin';
import { weightsService } from './weights-service';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** The customer's weight checks (ADR 089): the ones waiting for them, and their one decision each. */
export async function weightsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['weights'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const caller = (request: Parameters<typeof authOf>[0]) => {
    const { user } = authOf(request);
    return { user, lang: requestLang(request), actor: { userId: user.id, ip: request.ip, audit: auditActorOf(request) } };
  };

  r.get(
    '/weight-checks',
    {
      schema: {
        tags,
        security,
        summary: "The caller's parcels weighed heavier at the branch, waiting for their confirmation or dispute (oldest first)",
        response: { 200: ZWeightChecksResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { user, lang } = caller(request);
      return { data: await weightsService.pending(app.db, user.id, lang) };
    },
  );

  r.post(
    '/weight-checks/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm the branch weight: the price becomes the branch weight’s (once: 409 when decided; 404 not yours)',
        params: ZIdParam,
        response: { 200: ZWeightCheckResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { user, lang, actor } = caller(request);
      return { data: await weightsService.confirm(app.db, user.id, request.params.id, actor, lang) };
    },
  );

  r.post(
    '/weight-checks/:id/dispute',
    {
      schema: {
        tags,
        security,
        summary: 'Dispute the branch weight with a reason: the China price stays and the dispute becomes a claim (once)',
        params: ZIdParam,
        body: ZWeightDisputeRequest,
        response: { 200: ZWeightCheckResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { user, lang, actor } = caller(request);
      return { data: await weightsService.dispute(app.db, user.id, request.params.id, request.body.reason, actor, lang) };
    },
  );
}
