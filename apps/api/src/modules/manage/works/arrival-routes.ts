import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZArriveRequest, ZArriveResponse, ZFlightArrivalCheckResponse, ZFlightArrivalCloseRequest, ZFlightParams } from '@portal/contract';
import { flightArrivalService } from '../flight-arrival-service';
import { arrivalService } from '../arrival-service';
import { branchGuard, workBranchOf } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/** 5. Arrival at a branch: scanned parcels received there. That branch's staff, admins naming it. */
export async function arrivalRoutes(app: FastifyInstance) {
  app.addHook('preHandler', branchGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/arrive',
    {
      schema: {
        tags,
        summary: "Receive scanned parcels at a branch (price and storage set; another branch's parcels flagged, or taken with a reason)",
        security,
        body: ZArriveRequest,
        response: { 200: ZArriveResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return {
        data: await arrivalService.arrive(
          app.db,
          workBranchOf(request),
          request.body.track_codes,
          request.body.accept_other_branch ? { reason: request.body.reason ?? '' } : null,
          actor,
          lang,
          request.body.branch_weight,
        ),
      };
    },
  );

  r.post(
    '/manage/flights/:id/arrival/close',
    {
      schema: {
        tags,
        summary: '"The whole flight arrived" at the branch: closes its arrival; missing parcels stay in transit, flagged',
        security,
        params: ZFlightParams,
        body: ZFlightArrivalCloseRequest,
        response: { 200: ZFlightArrivalCheckResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const seen = { missing: request.body.missing, unexpected: request.body.unexpected };
      return { data: await flightArrivalService.close(app.db, request.params.id, workBranchOf(request), seen, actor, lang) };
    },
  );
}
