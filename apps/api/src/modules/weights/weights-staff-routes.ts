import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBranchWeightRequest, ZCounterConfirmRequest, ZIdParam, ZWeightCheckResponse } from '@portal/contract';
import { branchGuard, workBranchOf } from '../manage/manage-access';
import { errors, security, tags, workContext } from '../manage/works/route-kit';
import { weightsService } from './weights-service';

/**
 * The branch's weighing work (ADR 089): that branch's staff, admins naming it (the branch guard reads the body's
 * branch_id). Record a parcel's branch weight once; record that the customer confirmed a heavier weight at the counter.
 */
export async function weightsStaffRoutes(app: FastifyInstance) {
  app.addHook('preHandler', branchGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/parcels/:id/branch-weight',
    {
      schema: {
        tags,
        summary:
          'Record the branch weight of a parcel waiting here (once): within the tolerance nothing is asked, lighter reprices, ' +
          'heavier asks the customer and holds payment',
        security,
        params: ZIdParam,
        body: ZBranchWeightRequest,
        response: { 200: ZWeightCheckResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const branch = workBranchOf(request);
      return { data: await weightsService.recordAt(app.db, request.params.id, request.body.weight, branch, actor, lang) };
    },
  );

  r.post(
    '/manage/weight-checks/:id/counter-confirm',
    {
      schema: {
        tags,
        summary: '"The customer confirmed at the counter": the new price is taken (a clerk never disputes for a customer); audited',
        security,
        params: ZIdParam,
        body: ZCounterConfirmRequest,
        response: { 200: ZWeightCheckResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await weightsService.counterConfirm(app.db, request.params.id, workBranchOf(request), actor, lang) };
    },
  );
}
