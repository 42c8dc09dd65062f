import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAssignDisputeParams,
  ZAssignDisputeRequest,
  ZAssignDisputeResponse,
  ZDisputesQuery,
  ZDisputesResponse,
  ZReleaseDisputeParams,
  ZReleaseDisputeRequest,
  ZReleaseDisputeResponse,
} from '@portal/contract';
import { disputesService } from '../disputes-service';
import { warehouseGuard } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/**
 * 3b. Disputed parcels (ADR 021): several customers saved the code; staff check and assign one of them, or release it
 * to the unclaimed parcels. The China warehouse's staff, admins.
 */
export async function disputesRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/disputes',
    {
      schema: {
        tags,
        summary: 'Parcels held as disputed, oldest first, each with the customers who saved its code; q is part of the tracking code',
        security,
        querystring: ZDisputesQuery,
        response: { 200: ZDisputesResponse, ...errors },
      },
    },
    async (request) => {
      const { lang } = workContext(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await disputesService.list(app.db, q.q, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.post(
    '/manage/disputes/:id/assign',
    {
      schema: {
        tags,
        summary: 'Give a disputed parcel to one of its savers after checking, with a note (422 dispute_not_saver, 409 dispute_resolved)',
        security,
        params: ZAssignDisputeParams,
        body: ZAssignDisputeRequest,
        response: { 200: ZAssignDisputeResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return {
        data: await disputesService.assign(
          app.db,
          request.params.id,
          request.body.user_id,
          request.body.note,
          { ...actor, branchId: null },
          lang,
        ),
      };
    },
  );

  r.post(
    '/manage/disputes/:id/release',
    {
      schema: {
        tags,
        summary:
          'Release a disputed parcel nobody saves any more to the unclaimed parcels, with a note (422 dispute_has_savers, 409 dispute_resolved)',
        security,
        params: ZReleaseDisputeParams,
        body: ZReleaseDisputeRequest,
        response: { 200: ZReleaseDisputeResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return {
        data: await disputesService.release(app.db, request.params.id, request.body.note, { ...actor, branchId: null }, lang),
      };
    },
  );
}
