import type { FastifyInstance } from 'fastify';
import type { TLang, TPayment } from '@portal/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { onlineJournal } from '../payments/online-journal';
import { onlineJournalRepository } from '../payments/online-journal-repository';
import { moneyViewsRepository } from '../payments/money-views-repository';
import { paymentsRepository } from '../payments/payments-repository';
import { refundAttempts } from './refund-attempts';
import { tellCustomer } from './tell-customer';

/**
 * Staff (capability refunds) or an admin return all or part of an online payment through its provider (ADR 077).
 * Three steps, so a provider's Refund notification that arrives before the provider answers us is recognised:
 * 1. under the customer's money lock (the lock every money write takes, so parallel refunds queue), what is left
 *    (the payment minus its refunds in the journal and the refunds being asked right now) is read and a pending
 *    attempt is written and committed (`refund-attempts.ts`);
 * 2. the provider is asked, no transaction open;
 * 3. it agreed: under the lock again, the negative journal row (`refunds_id`) and the audit row are written and the
 *    attempt is done; it refused or was away: the attempt is failed and nothing else is written (502
 *    refund_provider_failed). The books never say "refunded" for money the provider kept; a refund the provider did but
 *    our last step lost stays a pending attempt (its amount not refundable again) and is found by reconciliation.
 */
export async function refundOnlinePayment(
  app: FastifyInstance,
  input: {
    paymentId: number;
    amount: number;
    reason: string;
    actor: AuditActor & { id: number };
    lang: TLang;
    onlyBranchId?: number;
    /**
     * Written in step 3's transaction with the refund's journal row (a claim paid back through the provider, ADR 088:
     * its credit and its state), so the books never hold one without the other.
     */
    alsoInTx?: (tx: Tx, refundId: number) => Promise<void>;
  },
): Promise<TPayment> {
  const payment = await paymentsRepository.byId(app.db, input.paymentId);
  if (!payment) throw new AppError('not_found');
  if (input.onlyBranchId !== undefined && payment.branchId !== input.onlyBranchId) throw new AppError('forbidden');
  if (payment.method !== 'online' || payment.amount <= 0 || payment.refundsId !== null || !payment.provider || !payment.providerRef)
    throw new AppError('payment_not_online');
  const { provider, providerRef } = payment;
  const branch = await branchesRepository.findById(app.db, payment.branchId);
  if (!branch) throw new AppError('not_found');
  const driver = app.paymentDrivers[provider];
  const creds = await app.providerSettings.keptCredentials(app.db, payment.branchId, provider);
  if (!driver || !creds) throw new AppError('refund_provider_failed');

  const attemptId = await app.db.transaction(async (tx) => {
    await onlineJournal.lockMoney(tx, payment.userId, payment.branchId);
    const left =
      payment.amount - (await onlineJournalRepository.refunded(tx, payment.id)) - (await refundAttempts.pendingAmount(tx, payment.id));
    if (input.amount > left)
      throw new AppError('refund_too_much', { params: { amount_minor: Math.max(left, 0), currency: payment.currency } });
    return refundAttempts.open(tx, { paymentId: payment.id, provider, amount: input.amount });
  });
  let refundRef: string;
  try {
    ({ refundRef } = await driver.refund({ requestId: payment.requestId ?? '', providerRef }, input.amount, creds));
  } catch (err) {
    app.log.warn({ paymentId: payment.id, provider, err: (err as Error).message }, 'online refund refused by the provider');
    await refundAttempts.finish(app.db, attemptId, 'failed');
    throw new AppError('refund_provider_failed');
  }
  const refundId = await app.db.transaction(async (tx) => {
    await onlineJournal.lockMoney(tx, payment.userId, payment.branchId);
    const refunded = await onlineJournalRepository.refunded(tx, payment.id);
    const id = await onlineJournal.recordOnlineRefund(tx, {
      paymentId: payment.id,
      branch,
      amount: input.amount,
      reason: input.reason,
      staffUserId: input.actor.id,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: payment.id,
      before: { amount: payment.amount, refunded, provider, currency: payment.currency },
      after: { refund_id: id, amount: input.amount, reason: input.reason, currency: payment.currency, refund_ref: refundRef },
    });
    await refundAttempts.finish(tx, attemptId, 'done', refundRef);
    if (input.alsoInTx) await input.alsoInTx(tx, id);
    return id;
  });
  if (payment.requestId) tellCustomer(app, payment.userId, payment.requestId);
  const [view] = await moneyViewsRepository.paymentViews(app.db, { ids: [refundId] }, input.lang);
  return view!;
}
