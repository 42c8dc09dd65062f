import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDutyEstimateRequest, ZDutyEstimateResponse, ZDutyLimitResponse, ZErrorBody } from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import { estimateDuty, limitFor } from './duties-service';

const tags = ['customs'];
const security = [{ bearer: [] }];
const errors = { 401: ZErrorBody, 422: ZErrorBody };

/** customs/limit and customs/duty-estimate (ADR 087): the duty-free limit as the customer sees it. */
export async function dutiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/customs/limit',
    {
      schema: {
        tags,
        security,
        summary: "The duty-free limit in force for the customer's branch's country today, and the period's total so far (EUR minor units)",
        response: { 200: ZDutyLimitResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await limitFor(app.db, authOf(request).user.id) }),
  );
  r.post(
    '/customs/duty-estimate',
    {
      schema: {
        tags,
        security,
        summary:
          "A parcel's value in EUR (its items, else its declaration's), whether it crosses the duty-free limit and the estimated duty, with the NBK rates used ('rate_unavailable' instead of a guess)",
        body: ZDutyEstimateRequest,
        response: { 200: ZDutyEstimateResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await estimateDuty(app.db, authOf(request).user.id, request.body) }),
  );
}
