import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  capabilityForCorrection,
  ZIdParam,
  ZParcelCorrectionRequest,
  ZParcelCorrectionResponse,
  type TParcelCorrection,
} from '@portal/contract';
import type { CorrectionReach } from '../../parcels/parcel-types';
import { parcels } from '../../parcels/parcels-service';
import { manageRepository } from '../manage-repository';
import { requireCapability, resolveWorkBranch } from '../manage-access';
import type { UserRow } from '../../users/users-repository';
import { toManageParcel } from '../parcel-view';
import { errors, security, tags, workContext } from './route-kit';

/** Where a correction by this user may reach: admins everywhere; warehouse staff the warehouse; branch staff their branch. */
async function reachOf(app: FastifyInstance, user: UserRow): Promise<CorrectionReach> {
  if (user.role === 'admin') return null;
  if (user.placeKind === 'china_warehouse') return { warehouse: true };
  const branch = await resolveWorkBranch(app.db, user, undefined);
  return { branchId: branch.id, timeZone: branch.timeZone };
}

/**
 * POST manage/parcels/{id}/corrections (ADR 075). The guard is the capability the kind needs (weight, dimensions,
 * price: `corrections`; undo_handover: `undo`; a status step: admins only); how far it reaches (their branch, the same
 * day) is checked by the parcels module under the parcel's lock. A thin caller: `parcels.correct` does the work in
 * this transaction (and the payments module the money of an undone hand-over); the answer is the parcel as staff see
 * it, with its new updated_at for the next correction.
 */
export async function correctionsRoutes(app: FastifyInstance) {
  const adminOnly = app.requireRole('admin');
  const guards = {
    corrections: requireCapability(app, 'corrections'),
    undo: requireCapability(app, 'undo'),
  };
  app.addHook('preHandler', async (request: FastifyRequest, reply) => {
    const kind = (request.body as Partial<TParcelCorrection> | undefined)?.kind ?? 'weight';
    const cap = capabilityForCorrection(kind);
    await (cap === 'corrections' || cap === 'undo' ? guards[cap] : adminOnly)(request, reply);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/manage/parcels/:id/corrections',
    {
      schema: {
        tags,
        summary:
          "Correct a parcel's weight, dimensions or price (capability corrections), undo its hand-over (undo: the same day at the " +
          'own branch), or move its status one step (admins), with a reason; updated_at → 409 when stale',
        security,
        params: ZIdParam,
        body: ZParcelCorrectionRequest,
        response: { 200: ZParcelCorrectionResponse, ...errors },
      },
    },
    async (request) => {
      const { user, lang, actor } = workContext(request);
      const reach = await reachOf(app, user);
      const outcome = await app.db.transaction((tx) => parcels.correct(tx, request.params.id, request.body, actor, reach));
      const row = await manageRepository.parcelById(app.db, request.params.id);
      return {
        data: {
          parcel: toManageParcel(row!, lang),
          order_ids: outcome.orderIds,
          undone_receipt: outcome.undoneReceipt
            ? {
                id: outcome.undoneReceipt.id,
                charge_reversed: outcome.undoneReceipt.chargeReversed,
                payments_returned: outcome.undoneReceipt.paymentsReturned,
                currency: outcome.undoneReceipt.currency,
              }
            : null,
        },
      };
    },
  );
}
