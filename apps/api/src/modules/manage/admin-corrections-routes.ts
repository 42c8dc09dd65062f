import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParam, ZParcelCorrectionRequest, ZParcelCorrectionResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { parcels } from '../parcels/parcels-service';
import { manageRepository } from './manage-repository';
import { toManageParcel } from './parcel-view';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/**
 * POST admin/parcels/{id}/corrections (in the admin area: its one guard lets admins only). A thin caller: the parcels
 * module's `correct` does the work in this transaction (and the payments module the money of an undone hand-over);
 * the answer is the parcel as staff see it, with its new updated_at for the next correction.
 */
export async function adminCorrectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/parcels/:id/corrections',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Correct a parcel's weight, dimensions, price or status (one step), or undo its hand-over, with a reason; updated_at → 409 when stale",
        security: [{ bearer: [] }],
        params: ZIdParam,
        body: ZParcelCorrectionRequest,
        response: { 200: ZParcelCorrectionResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const outcome = await app.db.transaction((tx) =>
        parcels.correct(tx, request.params.id, request.body, { userId: user.id, ip: request.ip, audit: auditActorOf(request) }),
      );
      const row = await manageRepository.parcelById(app.db, request.params.id);
      return {
        data: {
          parcel: toManageParcel(row!, requestLang(request)),
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
