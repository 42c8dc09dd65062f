import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCloudPaymentsCallbackAnswer, ZCloudPaymentsCallbackParams, ZErrorBody, type TCloudPaymentsCallback } from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { perAddressLimit } from '../../../plugins/rate-limits';
import {
  CLOUDPAYMENTS_CODES as CODE,
  cloudPaymentsSignatureValid,
  readCloudPaymentsNotification,
  type CloudPaymentsNotification,
} from '../drivers/cloudpayments';
import { ProviderError } from '../drivers/driver';
import { onlinePaymentsRepository as repo, type PaymentRequestRow } from '../online-payments-repository';
import { refundAttempts } from '../refund-attempts';
import { check, confirm, fail } from '../settlement';
import { callbackBody, CALLBACK_BODY_LIMIT_BYTES, CALLBACKS_PER_ADDRESS_PER_MINUTE, isRequestId } from './callback-body';
import { callbacksRepository } from './callbacks-repository';
import { requestReads } from '../request-reads';

type Answer = { code: number };
type Verified = { req: PaymentRequestRow; creds: Record<string, string>; n: CloudPaymentsNotification };

/**
 * CloudPayments' notifications (ADR 077), each verified by its HMAC under the branch's ApiSecret found through the
 * request the InvoiceId names; a bad signature is 401 and changes nothing. Check asks whether the payment may be
 * taken (refusal codes), Pay settles once it is confirmed by a status query to CloudPayments, Fail marks the request
 * failed, Refund records a difference unless we asked for that refund ourselves.
 */
export async function cloudPaymentsCallbacks(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The request and its branch's keys, once the signature holds; null for an InvoiceId we never issued. */
  async function verified(request: FastifyRequest): Promise<Verified | null> {
    const { raw, fields } = callbackBody(request);
    const n = readCloudPaymentsNotification(fields);
    if (!isRequestId(n.invoiceId)) return null;
    const req = await requestReads(app).byId(n.invoiceId);
    if (!req || req.provider !== 'cloudpayments') return null;
    const creds = await app.providerSettings.keptCredentials(app.db, req.branchId, 'cloudpayments');
    if (!creds?.api_secret || !cloudPaymentsSignatureValid(raw, request.headers, creds.api_secret)) {
      request.log.warn({ requestId: req.id }, 'cloudpayments notification with a bad signature');
      throw new AppError('unauthenticated');
    }
    return { req, creds, n };
  }

  async function onCheck({ req, n }: Verified): Promise<Answer> {
    if (n.amount === null || (n.currency && n.currency !== req.currency)) return { code: CODE.wrongAmount };
    const result = await check(app, { provider: 'cloudpayments', requestId: req.id, amount: n.amount });
    if (result.ok) return { code: CODE.ok };
    switch (result.reason) {
      case 'unknown':
        return { code: CODE.unknownInvoice };
      case 'amount_differs':
        return { code: CODE.wrongAmount };
      case 'not_open':
        // Expired by time or by the expiry job: 20; paid, cancelled or failed: it cannot be accepted.
        return { code: req.status === 'open' || req.status === 'expired' ? CODE.expired : CODE.cannotAccept };
      default:
        // nothing_to_pay: the counter took the money meanwhile.
        return { code: CODE.cannotAccept };
    }
  }

  async function onPay({ req, creds, n }: Verified, request: FastifyRequest): Promise<Answer> {
    const driver = app.paymentDrivers.cloudpayments;
    if (!driver) throw new AppError('payment_provider_failed');
    // The notification is signed, and still the money is what CloudPayments' own API says of the transaction.
    let state;
    try {
      state = await driver.status({ requestId: req.id, providerRef: n.transactionId }, creds);
    } catch (err) {
      if (err instanceof ProviderError) {
        request.log.warn({ requestId: req.id, code: err.code }, 'cloudpayments status query failed; Pay will be retried');
        throw new AppError('payment_provider_failed');
      }
      throw err;
    }
    if (state.state !== 'paid' || state.providerRef !== n.transactionId) {
      request.log.warn({ requestId: req.id, state: state.state }, 'cloudpayments Pay not confirmed by its status');
      // Not 0: CloudPayments sends Pay again later, when its status may agree.
      return { code: CODE.cannotAccept };
    }
    const { outcome } = await confirm(app, {
      provider: 'cloudpayments',
      requestId: req.id,
      providerRef: state.providerRef,
      amount: state.amount,
      paidAt: state.paidAt,
      known: req,
    });
    // settled, duplicate, refunded (late money, returned), amount_differs (listed for staff): all acknowledged.
    return { code: outcome === 'unknown' ? CODE.unknownInvoice : CODE.ok };
  }

  async function onRefund({ req, n }: Verified, request: FastifyRequest): Promise<Answer> {
    // A refund we asked for (late money, staff through the portal) records nothing new.
    if (req.status === 'refunded') return { code: CODE.ok };
    // In the journal already, or asked by us and not answered yet (the provider may notify before it answers).
    const ref = { provider: 'cloudpayments' as const, paymentId: req.paymentId, refundRef: n.transactionId, amount: n.amount ?? -1 };
    const known = n.amount !== null && ((await callbacksRepository.refundKnown(app.db, ref)) || (await refundAttempts.known(app.db, ref)));
    if (!known) {
      request.log.warn({ requestId: req.id }, 'cloudpayments refund the portal did not ask for');
      await repo.addDifference(app.db, {
        requestId: req.id,
        branchId: req.branchId,
        provider: 'cloudpayments',
        kind: 'refund_not_ours',
        detail: { amount: n.amount, refund_ref: n.transactionId, provider_ref: n.paymentTransactionId, status: req.status },
      });
    }
    return { code: CODE.ok };
  }

  const handlers: Record<TCloudPaymentsCallback, (v: Verified, request: FastifyRequest) => Promise<Answer>> = {
    check: onCheck,
    pay: onPay,
    fail: async ({ req, n }) => {
      await fail(app, { provider: 'cloudpayments', requestId: req.id, reason: n.reason });
      return { code: CODE.ok };
    },
    refund: onRefund,
  };

  r.post(
    '/payments/callbacks/cloudpayments/:kind',
    {
      schema: {
        tags: ['payments'],
        summary:
          "CloudPayments' Check, Pay, Fail and Refund notifications (form or JSON, signed in Content-HMAC/X-Content-HMAC with the branch's ApiSecret); answers {code}: 0 accepts, Check refuses with 10, 12, 13 or 20",
        params: ZCloudPaymentsCallbackParams,
        response: {
          200: ZCloudPaymentsCallbackAnswer,
          401: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
          422: ZErrorBody,
          429: ZErrorBody,
          502: ZErrorBody,
        },
      },
      bodyLimit: CALLBACK_BODY_LIMIT_BYTES,
      config: perAddressLimit(CALLBACKS_PER_ADDRESS_PER_MINUTE),
    },
    async (request) => {
      const v = await verified(request);
      // An InvoiceId we never issued: CloudPayments' "unknown order" (nothing can be verified, nothing is written).
      if (!v) return { code: CODE.unknownInvoice };
      return handlers[request.params.kind](v, request);
    },
  );
}
