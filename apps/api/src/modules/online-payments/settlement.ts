import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import type { TOnlineProvider, TPaymentRequestStatus } from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { branchesRepository } from '../branches/branches-repository';
import { statusIds } from '../parcels/parcel-statuses';
import { parcels } from '../parcels/parcels-service';
import { paymentsService } from '../payments/payments-service';
import type { ProviderCredentials } from './drivers/driver';
import { onlinePaymentsRepository as repo, type PaymentRequestRow } from './online-payments-repository';
import { batchable, settleInBatch } from './settle-batch';
import { tellCustomer } from './tell-customer';

/**
 * Settlement, exactly once (ADR 077): what every provider's callback, poll and check calls. Amounts in minor units.
 * `confirm` is one transaction: the customer's money lock (payments module), the request re-read, then a guarded
 * `open → paid` whose winner alone writes the journal; money that came for a request with nothing left to pay (the
 * counter took it, the request expired or was cancelled, a second payment of a paid one) is refused where the provider
 * can (`canReject`), else written with its refund at once and returned through the provider after the commit.
 */

export type CheckResult = { ok: true } | { ok: false; reason: 'unknown' | 'not_open' | 'amount_differs' | 'nothing_to_pay' };
export type ConfirmOutcome = 'settled' | 'duplicate' | 'refunded' | 'rejected' | 'unknown' | 'amount_differs';

/** Statuses a late payment moves out of (the request never got its money). */
const UNPAID: readonly TPaymentRequestStatus[] = ['open', 'expired', 'cancelled', 'failed'];

/** Whether the request still has something to pay: all its parcels wait at its branch for its customer, or its debt is open. */
async function stillOwed(db: DbOrTx, req: PaymentRequestRow): Promise<boolean> {
  // A storage extension (ADR 093): its parcel still waits at its branch with the last free day it had when asked.
  if (req.extensionUntil) return repo.extensionStillOpen(db, req, (await statusIds(db)).at_branch);
  if (req.parcelIds.length) {
    const atBranch = (await statusIds(db)).at_branch;
    return (await repo.waitingCount(db, req.userId, req.branchId, req.parcelIds, atBranch)) === req.parcelIds.length;
  }
  return (await paymentsService.balance(db, req.userId, req.currency)) > 0;
}

/** Before the provider takes the money (CloudPayments `Check`, Freedom Pay's check URL): may this request be paid now? */
export async function check(
  app: FastifyInstance,
  input: { provider: TOnlineProvider; requestId: string; amount: number },
): Promise<CheckResult> {
  const req = await repo.byId(app.db, input.requestId);
  if (!req || req.provider !== input.provider) return { ok: false, reason: 'unknown' };
  if (req.status !== 'open' || req.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'not_open' };
  if (input.amount !== req.amount) return { ok: false, reason: 'amount_differs' };
  if (!(await stillOwed(app.db, req))) return { ok: false, reason: 'nothing_to_pay' };
  return { ok: true };
}

interface Refund {
  paymentId: number;
  providerRef: string;
  amount: number;
}

/**
 * The provider says the money came. Safe to call any number of times, in parallel, from any process. `known`: the
 * request as the caller read it already (a callback verifying its signature), to spare a read; what is decided is
 * re-read under the lock.
 */
export async function confirm(
  app: FastifyInstance,
  input: {
    provider: TOnlineProvider;
    requestId: string;
    providerRef: string;
    amount: number;
    paidAt?: Date;
    canReject?: boolean;
    known?: PaymentRequestRow;
  },
): Promise<{ outcome: ConfirmOutcome }> {
  // The usual case goes through the process's batches (settle-batch.ts); anything else, or what a batch did not
  // settle, through the full path below, which re-reads under the lock and decides.
  const known = input.known?.id === input.requestId ? input.known : undefined;
  if (known && batchable(known, input.provider, input.amount)) {
    const item = { req: known, providerRef: input.providerRef, paidAt: input.paidAt ?? new Date() };
    if (await settleInBatch(app, settling, item)) {
      tellCustomer(app, known.userId, known.id, 'paid');
      return { outcome: 'settled' };
    }
  }
  const outcome = await settling(() => decide(app, input));
  if (!outcome.req) return { outcome: outcome.outcome };
  // After the commit, outside the limit: the customer's pages hear it; late money goes back through the provider.
  // Settled: the page shows `paid` from the event; a late payment's outcome depends on what else moved (a hint only).
  if (outcome.outcome !== 'duplicate')
    tellCustomer(app, outcome.req.userId, outcome.req.id, outcome.outcome === 'settled' ? 'paid' : undefined);
  if (outcome.refund) await refundAtProvider(app, outcome.req, outcome.refund);
  return { outcome: outcome.outcome };
}

/**
 * Settlements run a few at a time in each process, the rest wait in arrival order: 1,000 at once on 10 pooled
 * connections otherwise all advance together, each step queueing behind every other, and all finish at the end (and
 * the pages' reads wait behind them). A few at a time answer the first confirmed first and leave the pool room for the
 * rest. Not fewer: on a loaded machine each transaction waits on the scheduler between statements, and 4 at a time
 * settled 1,000 more slowly than 10 (bench/results/online-confirmations.md).
 */
export const SETTLE_CONCURRENCY = 8;
const settling = pLimit(SETTLE_CONCURRENCY);

type Decided = { outcome: ConfirmOutcome; req?: PaymentRequestRow; refund?: Refund };

/** `confirm`'s reads and its transaction. */
async function decide(app: FastifyInstance, input: Parameters<typeof confirm>[1]): Promise<Decided> {
  const found = input.known?.id === input.requestId ? input.known : await repo.byId(app.db, input.requestId);
  if (!found || found.provider !== input.provider) return { outcome: 'unknown' };
  if (input.amount !== found.amount) {
    // Nothing is written to the journal: staff see the difference (and return the money through the provider).
    await repo.addDifference(app.db, {
      requestId: found.id,
      branchId: found.branchId,
      provider: found.provider,
      kind: 'amount_differs',
      detail: { ours: found.amount, theirs: input.amount, provider_ref: input.providerRef, status: found.status },
    });
    return { outcome: 'amount_differs' };
  }
  const branch = await branchesRepository.findById(app.db, found.branchId);
  if (!branch) return { outcome: 'unknown' };
  const paidAt = input.paidAt ?? new Date();
  /** The winner of `open → paid` writes the journal row and links it. */
  const settle = async (tx: Tx, req: PaymentRequestRow): Promise<{ outcome: ConfirmOutcome }> => {
    const paymentId = await paymentsService.recordOnlinePayment(tx, {
      userId: req.userId,
      branch,
      amount: req.amount,
      provider: req.provider,
      providerRef: input.providerRef,
      requestId: req.id,
    });
    await repo.setPayment(tx, req.id, paymentId);
    return { outcome: 'settled' };
  };
  /**
   * A storage extension (ADR 093), for the winner of `open → paid`: the parcel's last free day moves (guarded: still at
   * its branch with the day it had when asked), then the payment and the storage charge of those days, so the balance
   * nets to zero. False when the parcel no longer waits so: the caller refuses or refunds (`parcels_gone`).
   */
  const settleExtension = async (tx: Tx, req: PaymentRequestRow): Promise<boolean> => {
    const moved = await parcels.extendStorage(tx, {
      parcelId: req.parcelIds[0]!,
      userId: req.userId,
      branchId: req.branchId,
      from: req.extensionFrom!,
      until: req.extensionUntil!,
      paid: { amount: req.amount, currency: req.currency, provider: req.provider, providerRef: input.providerRef },
    });
    if (!moved) return false;
    await settle(tx, req);
    await paymentsService.chargeStorageExtension(tx, { userId: req.userId, branch, amount: req.amount, requestId: req.id });
    return true;
  };
  const atBranch = found.parcelIds.length ? (await statusIds(app.db)).at_branch : 0;
  const result = await app.db.transaction(async (tx): Promise<{ outcome: ConfirmOutcome; refund?: Refund }> => {
    // A storage extension locks its parcel's row first, as the hand-over does (its guarded UPDATE, then the money
    // lock): the other order deadlocks against a hand-over of the same parcel (ADR 093).
    if (found.extensionUntil) await parcels.lockWithStatus(tx, found.parcelIds[0]!);
    await paymentsService.lockMoney(tx, found.userId, found.branchId);
    // Under the lock. The usual case first, in one statement: open, its parcels all still waiting → paid. Whoever moves
    // it writes the journal (a payment of this reference can only exist once the request left `open`; the journal's
    // unique index on the reference backs that up).
    const paidNow =
      found.parcelIds.length && !found.extensionUntil
        ? await repo.payIfWaiting(tx, found.id, atBranch, { providerRef: input.providerRef, paidAt })
        : undefined;
    if (paidNow) return settle(tx, paidNow);
    // Otherwise: the journal and the request as the last writer left them.
    if (await paymentsService.onlinePaymentByRef(tx, input.provider, input.providerRef)) return { outcome: 'duplicate' };
    const req = (await repo.byId(tx, found.id))!;
    /** Set when this call moved an extension to `paid` and its parcel's guard then refused: the late path moves it on. */
    let parcelGone = false;
    if (req.extensionUntil && req.status === 'open') {
      const won = await repo.move(tx, req.id, ['open'], 'paid', { providerRef: input.providerRef, paidAt });
      if (won && (await settleExtension(tx, won))) return { outcome: 'settled' };
      parcelGone = !!won;
    } else if (req.status === 'open' && (await stillOwed(tx, req))) {
      const won = await repo.move(tx, req.id, ['open'], 'paid', { providerRef: input.providerRef, paidAt });
      if (!won) return { outcome: 'duplicate' };
      return settle(tx, won);
    }
    const lateReason = parcelGone ? 'parcels_gone' : 'late';
    // Late: the counter took the money, the parcels are gone, the request expired or was cancelled, or this is a second
    // payment of a settled request. Refused where the provider can; otherwise kept in the books and returned at once.
    if (input.canReject) {
      await repo.move(tx, req.id, parcelGone ? ['paid'] : ['open'], 'cancelled', { reason: lateReason });
      return { outcome: 'rejected' };
    }
    const paymentId = await paymentsService.recordOnlinePayment(tx, {
      userId: req.userId,
      branch,
      amount: input.amount,
      provider: req.provider,
      providerRef: input.providerRef,
      requestId: req.id,
    });
    await paymentsService.recordOnlineRefund(tx, { paymentId, branch, amount: input.amount, reason: lateReason, staffUserId: null });
    const from = parcelGone ? (['paid'] as const) : UNPAID;
    if (await repo.move(tx, req.id, from, 'refunded', { reason: lateReason, providerRef: input.providerRef, paidAt }))
      await repo.setPayment(tx, req.id, paymentId);
    return { outcome: 'refunded', refund: { paymentId, providerRef: input.providerRef, amount: input.amount } };
  });
  return { ...result, req: found };
}

/** After the commit: asks the provider to return late money; a refusal becomes a difference staff resolve. */
async function refundAtProvider(app: FastifyInstance, req: PaymentRequestRow, refund: Refund): Promise<void> {
  try {
    const driver = app.paymentDrivers[req.provider];
    const creds = await app.providerSettings.keptCredentials(app.db, req.branchId, req.provider);
    if (!driver || !creds) throw new Error('provider not configured');
    await driver.refund({ requestId: req.id, providerRef: refund.providerRef }, refund.amount, creds);
  } catch (err) {
    app.log.warn({ requestId: req.id, provider: req.provider, err: (err as Error).message }, 'online refund failed');
    await repo.addDifference(app.db, {
      requestId: req.id,
      branchId: req.branchId,
      provider: req.provider,
      kind: 'refund_failed',
      detail: { amount: refund.amount, payment_id: refund.paymentId, provider_ref: refund.providerRef, error: (err as Error).message },
    });
  }
}

/** The provider says the payment failed (declined, cancelled by the customer): an open request becomes `failed`. */
export async function fail(app: FastifyInstance, input: { provider: TOnlineProvider; requestId: string; reason: string }): Promise<void> {
  const req = await repo.byId(app.db, input.requestId);
  if (!req || req.provider !== input.provider) return;
  if (await repo.move(app.db, req.id, ['open'], 'failed', { reason: input.reason.slice(0, 200) }))
    tellCustomer(app, req.userId, req.id, 'failed');
}

/** The branch's kept credentials for a request's provider, switched on or not (money taken while it was on is still verified and returned through it); null when never configured. */
export async function credentialsForRequest(
  app: FastifyInstance,
  requestId: string,
): Promise<{ branchId: number; provider: TOnlineProvider; credentials: ProviderCredentials } | null> {
  const req = await repo.byId(app.db, requestId);
  if (!req) return null;
  const credentials = await app.providerSettings.keptCredentials(app.db, req.branchId, req.provider);
  return credentials ? { branchId: req.branchId, provider: req.provider, credentials } : null;
}
