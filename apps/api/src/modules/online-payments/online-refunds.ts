import type { FastifyInstance } from 'fastify';
import type { TLang, TPayment } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { branchesRepository } from '../branches/branches-repository';
import { onlineJournal } from '../payments/online-journal';
import { onlineJournalRepository } from '../payments/online-journal-repository';
import { paymentsRepository } from '../payments/payments-repository';

/**
 * Staff (capability refunds) or an admin return all or part of an online payment through its provider (ADR 077).
 * One transaction under the customer's money lock (the lock every money write takes, so parallel refunds of one
 * payment queue and never return more than it): what is left is read, the negative journal row (`refunds_id`) and the
 * audit row are written, then the provider is asked; if it refuses, the transaction rolls back and nothing is written
 * (502 refund_provider_failed). The provider is asked while the lock is held on purpose: the books never say
 * "refunded" for money the provider kept. A refund the provider did but our commit lost is found by reconciliation.
 */
export async function refundOnlinePayment(
  app: FastifyInstance,
  input: { paymentId: number; amount: number; reason: string; actor: AuditActor & { id: number }; lang: TLang; onlyBranchId?: number },
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

  const refundId = await app.db.transaction(async (tx) => {
    await onlineJournal.lockMoney(tx, payment.userId, payment.branchId);
    const left = payment.amount - (await onlineJournalRepository.refunded(tx, payment.id));
    if (input.amount > left) throw new AppError('refund_too_much', { params: { amount_minor: left, currency: payment.currency } });
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
      before: { amount: payment.amount, refunded: payment.amount - left, provider, currency: payment.currency },
      after: { refund_id: id, amount: input.amount, reason: input.reason, currency: payment.currency },
    });
    try {
      await driver.refund({ requestId: payment.requestId ?? '', providerRef }, input.amount, creds);
    } catch (err) {
      app.log.warn({ paymentId: payment.id, provider, err: (err as Error).message }, 'online refund refused by the provider');
      throw new AppError('refund_provider_failed');
    }
    return id;
  });
  const [view] = await paymentsRepository.paymentViews(app.db, { ids: [refundId] }, input.lang);
  return view!;
}
