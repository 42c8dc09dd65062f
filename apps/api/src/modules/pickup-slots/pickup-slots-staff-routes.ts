import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPreparedListQuery, ZPreparedListResponse, pickText } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import type { BranchRow } from '../branches/branches-repository';
import { resolveWorkBranch, staffGuard } from '../manage/manage-access';
import { errors, security } from '../manage/works/route-kit';
import { pickupSlotsService } from './pickup-slots-service';

const branches = new WeakMap<FastifyRequest, BranchRow>();

/** That branch's staff, or an admin naming it (`branch_id` in the body, or the query of a GET). */
function slotsGuard(app: FastifyInstance) {
  const staff = staffGuard(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await staff(request, reply);
    const requested =
      (request.body as { branch_id?: number } | undefined)?.branch_id ?? (request.query as { branch_id?: number } | undefined)?.branch_id;
    branches.set(request, await resolveWorkBranch(app.db, authOf(request).user, requested === undefined ? undefined : Number(requested)));
  };
}

/** The branch's prepared list (ADR 092): booked slots with their customers and parcels in shelf order. */
export async function pickupSlotsStaffRoutes(app: FastifyInstance) {
  app.addHook('preHandler', slotsGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/manage/pickup-slots',
    {
      schema: {
        tags: ['pickup-slots'],
        security,
        summary: 'The prepared list: booked slots from an hour ago to three days ahead, customers (prepaid marked), parcels in shelf order',
        querystring: ZPreparedListQuery,
        response: { 200: ZPreparedListResponse, ...errors },
      },
    },
    async (request) => {
      const branch = branches.get(request)!;
      return {
        data: {
          branch: { id: branch.id, name: pickText(branch.name, requestLang(request)), time_zone: branch.timeZone },
          slots: await pickupSlotsService.prepared(app.db, branch),
        },
      };
    },
  );
}
