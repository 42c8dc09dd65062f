import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZFreedomPayCallbackParams, type TFreedomPayCallback } from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { perAddressLimit } from '../../../plugins/rate-limits';
import { ProviderError } from '../drivers/driver';
import {
  freedomReplyXml,
  freedomSignatureValid,
  readFreedomNotification,
  type FreedomNotification,
  type FreedomReplyStatus,
} from '../drivers/freedompay';
import type { PaymentRequestRow } from '../online-payments-repository';
import { check, confirm, fail } from '../settlement';
import { callbackBody, CALLBACK_BODY_LIMIT_BYTES, CALLBACKS_PER_ADDRESS_PER_MINUTE, isRequestId } from './callback-body';
import { requestReads } from '../request-reads';

type Reply = { status: FreedomReplyStatus; description: string };
type Verified = { req: PaymentRequestRow; creds: Record<string, string>; n: FreedomNotification };

/**
 * Freedom Pay's check and result URLs (ADR 077). Each notification is signed (pg_sig) with the script name of our
 * address, its last path segment (`check`, `result`), under the branch's secret key found through pg_order_id; a bad
 * signature is 401 and changes nothing. Answers are the signed XML Freedom Pay expects: `ok`, `rejected` (with
 * pg_can_reject=1 Freedom Pay then cancels the payment itself) or `error`.
 */
export async function freedomPayCallbacks(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function verified(request: FastifyRequest, script: string): Promise<Verified> {
    const { fields } = callbackBody(request);
    const n = readFreedomNotification(fields);
    const req = isRequestId(n.orderId) ? await requestReads(app).byId(n.orderId) : undefined;
    const creds = req?.provider === 'freedompay' ? await app.providerSettings.keptCredentials(app.db, req.branchId, 'freedompay') : null;
    // Without our request there is no key to check the signature with, nor to sign an answer: nothing is proven.
    if (!req || !creds?.secret_key || !freedomSignatureValid(script, fields, creds.secret_key)) {
      request.log.warn({ orderId: isRequestId(n.orderId) ? n.orderId : null }, 'freedompay notification not verified');
      throw new AppError('unauthenticated');
    }
    return { req, creds, n };
  }

  async function onCheck({ req, n }: Verified): Promise<Reply> {
    if (n.amount === null || (n.currency && n.currency !== req.currency)) return { status: 'rejected', description: 'amount_differs' };
    const result = await check(app, { provider: 'freedompay', requestId: req.id, amount: n.amount });
    return result.ok ? { status: 'ok', description: '' } : { status: 'rejected', description: result.reason };
  }

  async function onResult({ req, creds, n }: Verified, request: FastifyRequest): Promise<Reply> {
    if (n.result !== '1') {
      await fail(app, { provider: 'freedompay', requestId: req.id, reason: n.failure });
      return { status: 'ok', description: '' };
    }
    const driver = app.paymentDrivers.freedompay;
    if (!driver) throw new AppError('payment_provider_failed');
    // The notification is signed, and still the money is what Freedom Pay's own status says of the payment.
    let state;
    try {
      state = await driver.status({ requestId: req.id, providerRef: n.paymentId || null }, creds);
    } catch (err) {
      if (err instanceof ProviderError) {
        request.log.warn({ requestId: req.id, code: err.code }, 'freedompay status query failed; the result will be retried');
        throw new AppError('payment_provider_failed');
      }
      throw err;
    }
    if (state.state !== 'paid' || (n.paymentId && state.providerRef !== n.paymentId)) {
      request.log.warn({ requestId: req.id, state: state.state }, 'freedompay result not confirmed by its status');
      return { status: 'error', description: 'not_confirmed' };
    }
    const { outcome } = await confirm(app, {
      provider: 'freedompay',
      requestId: req.id,
      providerRef: state.providerRef,
      amount: state.amount,
      paidAt: n.paymentDate ?? state.paidAt,
      canReject: n.canReject,
    });
    if (outcome === 'rejected') return { status: 'rejected', description: 'nothing_to_pay' };
    if (outcome === 'unknown') return { status: 'error', description: 'unknown' };
    // settled, duplicate, refunded (late money returned through revoke.php), amount_differs (listed for staff).
    return { status: 'ok', description: '' };
  }

  const handlers: Record<TFreedomPayCallback, (v: Verified, request: FastifyRequest) => Promise<Reply>> = {
    check: onCheck,
    result: onResult,
  };

  r.post(
    '/payments/callbacks/freedompay/:kind',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Freedom Pay's check and result notifications (form fields signed in pg_sig with the branch's secret key and the script name check|result); answers Freedom Pay's signed XML <response> with pg_status ok, rejected or error",
        params: ZFreedomPayCallbackParams,
        produces: ['text/xml'],
        response: { 401: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody },
      },
      bodyLimit: CALLBACK_BODY_LIMIT_BYTES,
      config: perAddressLimit(CALLBACKS_PER_ADDRESS_PER_MINUTE),
    },
    async (request, reply) => {
      const script = request.params.kind;
      const v = await verified(request, script);
      const answer = await handlers[script](v, request);
      return reply
        .header('content-type', 'text/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(freedomReplyXml(script, answer, v.creds.secret_key ?? '') as never);
    },
  );
}
