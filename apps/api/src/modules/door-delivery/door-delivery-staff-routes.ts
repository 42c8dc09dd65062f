import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAssignDoorDelivery,
  ZCompleteOrdersResponse,
  ZCouriersResponse,
  ZDeliverDoorStop,
  ZDoorDeliveryParams,
  ZDoorStopAction,
  ZDoorStopResponse,
  ZDoorStopsQuery,
  ZDoorStopsResponse,
  ZFailDoorStop,
} from '@portal/contract';
import { z } from 'zod';
import type { BranchRow } from '../branches/branches-repository';
import { authOf } from '../auth/auth-plugin';
import { resolveWorkBranch, staffGuard } from '../manage/manage-access';
import { errors, security, tags, workContext } from '../manage/works/route-kit';
import { doorStaffService } from './door-delivery-staff';

const branches = new WeakMap<FastifyRequest, BranchRow>();
const branchOf = (request: FastifyRequest) => branches.get(request)!;

/**
 * Door delivery at the branch (ADR 094): the clerk assigns the branch's own staff as couriers, the courier sees their
 * day's stops and closes each. That branch's staff, admins naming it (body or query `branch_id`); one guard for the scope.
 */
export async function doorDeliveryStaffRoutes(app: FastifyInstance) {
  const staff = staffGuard(app);
  app.addHook('preHandler', async (request, reply) => {
    await staff(request, reply);
    const requested =
      (request.body as { branch_id?: number } | undefined)?.branch_id ?? (request.query as { branch_id?: number } | undefined)?.branch_id;
    branches.set(request, await resolveWorkBranch(app.db, authOf(request).user, requested === undefined ? undefined : Number(requested)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: ZDoorDeliveryParams, response: { 200: ZDoorStopResponse, ...errors } };

  r.get(
    '/manage/door-deliveries',
    {
      schema: {
        tags,
        security,
        summary: "The branch's door deliveries to assign (view=open), or the caller's stops of a day in route order (view=route)",
        querystring: ZDoorStopsQuery,
        response: { 200: ZDoorStopsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = workContext(request);
      const q = request.query;
      return {
        data:
          q.view === 'route'
            ? await doorStaffService.route(app.db, branchOf(request), user, q.date)
            : await doorStaffService.open(app.db, branchOf(request)),
      };
    },
  );

  r.get(
    '/manage/door-deliveries/couriers',
    {
      schema: {
        tags,
        security,
        summary: "The branch's staff, who may carry its deliveries",
        querystring: z.strictObject({ branch_id: ZDoorStopsQuery.shape.branch_id }),
        response: { 200: ZCouriersResponse, ...errors },
      },
    },
    async (request) => ({ data: await doorStaffService.couriers(app.db, branchOf(request)) }),
  );

  r.post(
    '/manage/door-deliveries/:id/assign',
    { schema: { tags, security, summary: "Assign a stop to one of the branch's staff for a day", body: ZAssignDoorDelivery, ...one } },
    async (request) => {
      const { actor } = workContext(request);
      const b = request.body;
      return { data: await doorStaffService.assign(app.db, branchOf(request), actor, request.params.id, b.courier_user_id, b.date) };
    },
  );

  r.post(
    '/manage/door-deliveries/:id/out',
    { schema: { tags, security, summary: 'The courier sets out: the customer gets the code by SMS', body: ZDoorStopAction, ...one } },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await doorStaffService.setOut(app.db, app.sms, branchOf(request), user, actor, request.params.id) };
    },
  );

  r.post(
    '/manage/door-deliveries/:id/deliver',
    {
      schema: {
        tags,
        security,
        summary:
          "Close with the customer's code (tries limited), taking cash or card: the hand-over with the fee, paid into the branch's day",
        params: ZDoorDeliveryParams,
        body: ZDeliverDoorStop,
        response: { 200: ZCompleteOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const { user, actor, lang } = workContext(request);
      const out = await doorStaffService.deliver(app.db, branchOf(request), user, actor, request.params.id, request.body, lang);
      return { data: out.receipt };
    },
  );

  r.post(
    '/manage/door-deliveries/:id/fail',
    {
      schema: {
        tags,
        security,
        summary: 'A failed attempt with its reason: the parcel stays waiting on its shelf',
        body: ZFailDoorStop,
        ...one,
      },
    },
    async (request) => {
      const { user, actor } = workContext(request);
      return { data: await doorStaffService.fail(app.db, branchOf(request), user, actor, request.params.id, request.body) };
    },
  );
}
