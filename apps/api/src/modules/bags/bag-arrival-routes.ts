import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBagArrivalResponse, ZBagArriveRequest, ZBagFoundRequest, ZBagParams } from '@portal/contract';
import { branchGuard, workBranchOf } from '../manage/manage-access';
import { errors, security, workContext } from '../manage/works/route-kit';
import { bagArrivalService } from './bag-arrival-service';

const tags = ['manage'];

/** 5b. A bag's arrival at its branch (issue 35, ADR 082). That branch's staff, admins naming it. */
export async function bagArrivalRoutes(app: FastifyInstance) {
  app.addHook('preHandler', branchGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/bag-arrival',
    {
      schema: {
        tags,
        summary: "Scan a bag's number at its branch: all its parcels arrive at once (a second scan: already arrived)",
        security,
        body: ZBagArriveRequest,
        response: { 200: ZBagArrivalResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagArrivalService.arrive(app.db, workBranchOf(request), request.body.code, actor, lang) };
    },
  );

  r.post(
    '/manage/bag-arrival/:id/scan',
    {
      schema: {
        tags,
        summary: 'Scan the parcels found in an arrived bag: what is missing (in the bag, not scanned) and extra (scanned, not in it)',
        security,
        params: ZBagParams,
        body: ZBagFoundRequest,
        response: { 200: ZBagArrivalResponse, ...errors },
      },
    },
    async (request) => ({
      data: await bagArrivalService.found(app.db, workBranchOf(request), request.params.id, request.body.codes, workContext(request).lang),
    }),
  );
}
