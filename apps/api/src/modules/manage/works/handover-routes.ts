import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCompleteOrdersRequest, ZCompleteOrdersResponse, ZHandoverLookupRequest, ZHandoverLookupResponse } from '@portal/contract';
import { handoverService } from '../handover-service';
import { branchGuard, workBranchOf } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/** 6. Hand-over at the counter: find who is picking up, then hand over and take payment. That branch's staff, admins naming it. */
export async function handoverRoutes(app: FastifyInstance) {
  app.addHook('preHandler', branchGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/manage/handover/lookup',
    {
      schema: {
        tags,
        summary: 'Find who is picking up (QR code, client code or phone) and their parcels waiting here',
        security,
        body: ZHandoverLookupRequest,
        response: { 200: ZHandoverLookupResponse, ...errors },
      },
    },
    async (request) => {
      const { lang } = workContext(request);
      return {
        data: await handoverService.lookup(
          app.db,
          { qr: app.qr, trusted: app.trusted },
          workBranchOf(request),
          request.body.customer,
          lang,
        ),
      };
    },
  );

  r.post(
    '/orders/complete',
    {
      schema: {
        tags,
        summary: "Hand over a customer's parcels at this branch: delivered, receipt, notification",
        security,
        body: ZCompleteOrdersRequest,
        response: { 200: ZCompleteOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const b = request.body;
      return {
        data: await handoverService.complete(
          app.db,
          workBranchOf(request),
          {
            customerId: b.customer_id,
            orderIds: b.order_ids,
            paymentMethod: b.payment_method,
            payments: b.payments,
            acceptDebt: b.accept_debt,
            storageWaiver: b.storage_waiver,
            trustedToken: b.trusted_token,
          },
          actor,
          lang,
          { trusted: app.trusted },
        ),
      };
    },
  );
}
