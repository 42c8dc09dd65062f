import type { FastifyInstance } from 'fastify';
import { onlinePaymentsRepository as repo, type PaymentRequestRow } from './online-payments-repository';
import { confirm, fail } from './settlement';
import { tellCustomer } from './tell-customer';

async function expire(app: FastifyInstance, req: PaymentRequestRow): Promise<boolean> {
  const moved = await repo.move(app.db, req.id, ['open'], 'expired');
  if (moved) tellCustomer(app, req.userId, req.id, 'expired');
  return Boolean(moved);
}

/**
 * Asks a request's provider what became of it and settles accordingly (ADR 077): Kaspi sends no callbacks, so the
 * poller and the customer's open page call this. Paid → `confirm` (exactly once, whoever asks), failed → `fail`; an
 * open request past its time that the provider still holds unpaid expires. A provider away changes nothing (asked
 * again next time). Answers whether the request may have changed.
 */
export async function pollRequest(app: FastifyInstance, req: PaymentRequestRow): Promise<boolean> {
  const driver = app.paymentDrivers[req.provider];
  const creds = await app.providerSettings.keptCredentials(app.db, req.branchId, req.provider);
  if (!driver || !creds) return false;
  let state;
  try {
    state = await driver.status({ requestId: req.id, providerRef: req.providerRef, amount: req.amount }, creds);
  } catch (err) {
    app.log.warn({ requestId: req.id, provider: req.provider, err: (err as Error).message }, 'payment status unknown');
    return false;
  }
  switch (state.state) {
    case 'paid':
      await confirm(app, {
        provider: req.provider,
        requestId: req.id,
        providerRef: state.providerRef,
        amount: state.amount,
        paidAt: state.paidAt,
      });
      return true;
    case 'failed':
      await fail(app, { provider: req.provider, requestId: req.id, reason: state.reason });
      return true;
    case 'expired':
      return expire(app, req);
    case 'pending':
      return req.expiresAt.getTime() < Date.now() && expire(app, req);
    default:
      return false;
  }
}
