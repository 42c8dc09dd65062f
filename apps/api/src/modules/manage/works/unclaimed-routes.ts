import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZAssignParams,
  ZAssignUnclaimedRequest,
  ZAssignUnclaimedResponse,
  ZUnclaimedQuery,
  ZUnclaimedResponse,
} from '@portal/contract';
import { warehouseGuard } from '../manage-access';
import { unclaimedService } from '../unclaimed-service';
import { errors, security, tags, workContext } from './route-kit';

/** 3. Unclaimed parcels: find one and give it to its customer. The China warehouse's staff, admins. */
export async function unclaimedRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/unclaimed',
    {
      schema: {
        tags,
        summary: 'Unclaimed parcels, newest first; q is part of the tracking code',
        security,
        querystring: ZUnclaimedQuery,
        response: { 200: ZUnclaimedResponse, ...errors },
      },
    },
    async (request) => {
      const { lang } = workContext(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await unclaimedService.list(app.db, q.q, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.post(
    '/manage/unclaimed/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign an unclaimed parcel to a customer (phone number or client code)',
        security,
        params: ZAssignParams,
        body: ZAssignUnclaimedRequest,
        response: { 200: ZAssignUnclaimedResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return {
        data: await unclaimedService.assign(app.db, app.qr, request.params.id, request.body.customer, { ...actor, branchId: null }, lang),
      };
    },
  );
}
