import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDecideDifferenceRequest,
  ZDecideDifferenceResponse,
  ZFinishStockTakeRequest,
  ZMissingQuery,
  ZMissingResponse,
  ZPlaceParcelRequest,
  ZPlaceParcelResponse,
  ZStartStockTakeRequest,
  ZStockTakeDecisionParams,
  ZStockTakeParams,
  ZStockTakeQuery,
  ZStockTakeResponse,
  ZStockTakeScanRequest,
  ZStockTakeScanResponse,
  ZStockTakesQuery,
  ZStockTakesResponse,
  ZSuggestShelfRequest,
  ZSuggestShelfResponse,
  ZUnshelvedQuery,
  ZUnshelvedResponse,
} from '@portal/contract';
import type { BranchRow } from '../branches/branches-repository';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { resolveWorkBranch, staffGuard } from '../manage/manage-access';
import { errors, security } from '../manage/works/route-kit';
import { shelvesService, type ShelvesActor } from './shelves-service';
import { stockTakeService } from './stock-take-service';

const tags = ['shelves'];
const branches = new WeakMap<FastifyRequest, BranchRow>();

/** That branch's staff, or an admin naming it (`branch_id` in the body, or the query of a GET). */
function shelvesGuard(app: FastifyInstance) {
  const staff = staffGuard(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await staff(request, reply);
    const requested =
      (request.body as { branch_id?: number } | undefined)?.branch_id ?? (request.query as { branch_id?: number } | undefined)?.branch_id;
    branches.set(request, await resolveWorkBranch(app.db, authOf(request).user, requested === undefined ? undefined : Number(requested)));
  };
}

function ctx(request: FastifyRequest): { branch: BranchRow; actor: ShelvesActor } {
  const branch = branches.get(request);
  if (!branch) throw new Error('shelves route without its guard');
  return { branch, actor: { userId: authOf(request).user.id, audit: auditActorOf(request) } };
}

/** Shelves at the branch (ADR 083): shelving and moving by scan, the blind count of a zone, the Missing worklist. */
export async function shelvesRoutes(app: FastifyInstance) {
  app.addHook('preHandler', shelvesGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags, security };

  r.get(
    '/manage/shelves/unshelved',
    {
      schema: {
        ...common,
        summary: 'Parcels waiting here with no shelf, each with its suggested shelf',
        querystring: ZUnshelvedQuery,
        response: { 200: ZUnshelvedResponse, ...errors },
      },
    },
    async (request) => ({ data: await shelvesService.unshelved(app.db, ctx(request).branch) }),
  );

  r.post(
    '/manage/shelves/suggest',
    {
      schema: {
        ...common,
        summary: 'The shelf suggested for a scanned parcel, and where it sits now',
        body: ZSuggestShelfRequest,
        response: { 200: ZSuggestShelfResponse, ...errors },
      },
    },
    async (request) => ({ data: await shelvesService.suggest(app.db, ctx(request).branch, request.body.parcel) }),
  );

  r.post(
    '/manage/shelves/place',
    {
      schema: {
        ...common,
        summary: 'Put a scanned parcel on a scanned shelf (shelving or a move); the last write is its place',
        body: ZPlaceParcelRequest,
        response: { 200: ZPlaceParcelResponse, ...errors },
      },
    },
    async (request) => {
      const { branch, actor } = ctx(request);
      return { data: await shelvesService.place(app.db, branch, request.body, actor) };
    },
  );

  r.get(
    '/manage/stock-takes',
    {
      schema: {
        ...common,
        summary: "The branch's zones and its counts, open first",
        querystring: ZStockTakesQuery,
        response: { 200: ZStockTakesResponse, ...errors },
      },
    },
    async (request) => ({ data: await stockTakeService.list(app.db, ctx(request).branch) }),
  );

  r.post(
    '/manage/stock-takes',
    {
      schema: {
        ...common,
        summary: 'Start a blind count of a zone (one open count per zone)',
        body: ZStartStockTakeRequest,
        response: { 200: ZStockTakeResponse, ...errors },
      },
    },
    async (request) => {
      const { branch, actor } = ctx(request);
      return { data: await stockTakeService.start(app.db, branch, request.body.zone, actor) };
    },
  );

  r.get(
    '/manage/stock-takes/:id',
    {
      schema: {
        ...common,
        summary: 'A count: what was scanned (blind while open), its differences after the finish',
        params: ZStockTakeParams,
        querystring: ZStockTakeQuery,
        response: { 200: ZStockTakeResponse, ...errors },
      },
    },
    async (request) => ({ data: await stockTakeService.get(app.db, ctx(request).branch, request.params.id) }),
  );

  r.post(
    '/manage/stock-takes/:id/scans',
    {
      schema: {
        ...common,
        summary: 'One scan of a count: a shelf of the zone, or a parcel on the current shelf',
        params: ZStockTakeParams,
        body: ZStockTakeScanRequest,
        response: { 200: ZStockTakeScanResponse, ...errors },
      },
    },
    async (request) => {
      const { branch, actor } = ctx(request);
      return {
        data: await stockTakeService.scan(
          app.db,
          branch,
          request.params.id,
          { code: request.body.code, shelfId: request.body.shelf_id },
          actor,
        ),
      };
    },
  );

  r.post(
    '/manage/stock-takes/:id/finish',
    {
      schema: {
        ...common,
        summary: 'Finish a count: missing, extra and wrong-shelf differences',
        params: ZStockTakeParams,
        body: ZFinishStockTakeRequest,
        response: { 200: ZStockTakeResponse, ...errors },
      },
    },
    async (request) => {
      const { branch, actor } = ctx(request);
      return { data: await stockTakeService.finish(app.db, branch, request.params.id, actor) };
    },
  );

  r.post(
    '/manage/stock-takes/:id/differences/:differenceId',
    {
      schema: {
        ...common,
        summary: 'Decide a difference once (audited)',
        params: ZStockTakeDecisionParams,
        body: ZDecideDifferenceRequest,
        response: { 200: ZDecideDifferenceResponse, ...errors },
      },
    },
    async (request) => {
      const { branch, actor } = ctx(request);
      const p = request.params;
      return { data: await stockTakeService.decide(app.db, branch, p.id, p.differenceId, request.body.decision, actor) };
    },
  );

  r.get(
    '/manage/missing',
    {
      schema: {
        ...common,
        summary: 'Parcels marked missing after a count and not found since',
        querystring: ZMissingQuery,
        response: { 200: ZMissingResponse, ...errors },
      },
    },
    async (request) => ({ data: await stockTakeService.missing(app.db, ctx(request).branch) }),
  );
}
