import type { FastifyInstance } from 'fastify';
import type { TPaymentRequestStatus } from '@portal/contract';

/**
 * After a commit that changed a payment request (paid, refused, refunded, failed, expired, cancelled, a refund by
 * staff): the customer's open pages hear it through the live stream (notifications' LiveHub, ADR 077) and reload
 * the request at once instead of waiting for their next poll. `status`: what the change left, when the caller moved the
 * request itself (the page shows it before its read returns); without it the event only says "read it again". Never
 * throws and never waits: the provider's answer does not depend on it, and a page that missed it catches up on its
 * slow poll.
 */
export function tellCustomer(app: FastifyInstance, userId: number, requestId: string, status?: TPaymentRequestStatus): void {
  const data = status ? { request_id: requestId, status } : { request_id: requestId };
  app.live.publish([userId], { type: 'payment', data }).catch((err: unknown) => {
    app.log.warn({ requestId, err: (err as Error).message }, 'live payment event not published');
  });
}
