import type { TOnlinePaymentSummary, TOnlineProvider } from '@portal/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { openBusinessDate } from './business-day';
import { onlineJournalRepository as online } from './online-journal-repository';
import { paymentsRepository as repo, type PaymentRow } from './payments-repository';

/**
 * Money paid online (ADR 077) in the journal this module owns: method `online`, the provider, its reference and our
 * request, no staff, dated in the branch's open business day. It lowers the customer's balance like any payment (with
 * nothing owed it is a credit the hand-over uses). Refunds through the provider are negative rows naming the payment
 * (`refunds_id`), several up to its amount. Callers (online-payments' settlement) hold `lockMoney` in their transaction.
 */
export const onlineJournal = {
  /** The customer's money lock and the branch's day lock, in the order every money write takes them. */
  async lockMoney(tx: Tx, userId: number, branchId: number): Promise<void> {
    await repo.lockCustomerAndBranchDay(tx, userId, branchId);
  },

  /** `lockMoney` of several customers at once (a batch of settlements): every customer, in id order, then the branches' days. */
  async lockMoneyOfMany(tx: Tx, userIds: number[], branchIds: number[]): Promise<void> {
    await repo.lockCustomersAndBranchDays(tx, userIds, branchIds);
  },

  /** The customer's money lock alone (a payment request freezes what is owed under it). */
  async lockCustomer(tx: Tx, userId: number): Promise<void> {
    await repo.lockCustomer(tx, userId);
  },

  /** The journal's payment of a provider's reference (each settles once: a unique index backs this up). */
  async onlinePaymentByRef(tx: Tx, provider: TOnlineProvider, providerRef: string): Promise<PaymentRow | undefined> {
    return online.paymentByRef(tx, provider, providerRef);
  },

  /**
   * The online payments the customer's credit in `currency` is made of (the hand-overs use the oldest first), newest
   * first, each with what is left of it: what the counter shows as "paid online".
   */
  async unspentOnline(db: DbOrTx, userId: number, currency: string, credit: number): Promise<TOnlinePaymentSummary[]> {
    if (credit <= 0) return [];
    const out: TOnlinePaymentSummary[] = [];
    let left = credit;
    for (const p of await online.netOnlinePayments(db, userId, currency)) {
      const take = Math.min(p.net, left);
      if (take <= 0) continue;
      out.push({ provider: p.provider, provider_ref: p.providerRef, amount: take, paid_at: p.paidAt.toISOString() });
      left -= take;
      if (left <= 0) break;
    }
    return out;
  },

  /** Writes a settled online payment; the caller holds `lockMoney`. */
  async recordOnlinePayment(
    tx: Tx,
    input: { userId: number; branch: BranchRow; amount: number; provider: TOnlineProvider; providerRef: string; requestId: string },
  ): Promise<number> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('an online payment is a positive amount');
    return repo.insertPayment(tx, {
      userId: input.userId,
      branchId: input.branch.id,
      staffUserId: null,
      receiptId: null,
      method: 'online',
      amount: input.amount,
      currency: input.branch.currency,
      businessDate: await openBusinessDate(tx, input.branch),
      provider: input.provider,
      providerRef: input.providerRef,
      requestId: input.requestId,
    });
  },

  /**
   * Several settled online payments of one branch in one statement (a batch, ADR 077 "Speed"); the caller holds
   * `lockMoneyOfMany`. Answers each request's payment id.
   */
  async recordOnlinePayments(
    tx: Tx,
    branch: BranchRow,
    rows: { userId: number; amount: number; provider: TOnlineProvider; providerRef: string; requestId: string }[],
  ): Promise<Map<string, number>> {
    if (rows.some((r) => !Number.isSafeInteger(r.amount) || r.amount <= 0)) throw new Error('an online payment is a positive amount');
    const businessDate = await openBusinessDate(tx, branch);
    const ids = await repo.insertPaymentsAtOnce(
      tx,
      rows.map((r) => ({
        userId: r.userId,
        branchId: branch.id,
        staffUserId: null,
        receiptId: null,
        method: 'online' as const,
        amount: r.amount,
        currency: branch.currency,
        businessDate,
        provider: r.provider,
        providerRef: r.providerRef,
        requestId: r.requestId,
      })),
    );
    return new Map(ids.map((p) => [p.requestId!, p.id]));
  },

  /**
   * The charge of a storage extension paid online (ADR 093), beside its payment in the same transaction (the caller
   * holds `lockMoney`): the balance nets to zero and the books show storage charged. Once per request (unique index).
   */
  async chargeStorageExtension(tx: Tx, input: { userId: number; branch: BranchRow; amount: number; requestId: string }): Promise<void> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a storage charge is a positive amount');
    await repo.insertCharge(tx, {
      userId: input.userId,
      branchId: input.branch.id,
      receiptId: null,
      amount: input.amount,
      currency: input.branch.currency,
      reason: 'storage_extension',
      paymentRequestId: input.requestId,
    });
  },

  /**
   * Writes a refund of an online payment (all or part, never beyond what is left of it): a negative row naming it, in
   * the branch's open business day, with the reason and who decided (null: the settlement itself, money come too late).
   * The caller holds `lockMoney` and asks the provider to refund after its transaction commits.
   */
  async recordOnlineRefund(
    tx: Tx,
    input: { paymentId: number; branch: BranchRow; amount: number; reason: string; staffUserId: number | null },
  ): Promise<number> {
    const payment = await repo.byId(tx, input.paymentId);
    if (!payment || payment.method !== 'online' || payment.amount <= 0 || payment.refundsId !== null) throw new AppError('not_found');
    const left = payment.amount - (await online.refunded(tx, payment.id));
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > left)
      throw new AppError('payment_too_much', { params: { amount_minor: left, currency: payment.currency } });
    return repo.insertPayment(tx, {
      userId: payment.userId,
      branchId: payment.branchId,
      staffUserId: input.staffUserId,
      receiptId: null,
      method: 'online',
      amount: -input.amount,
      currency: payment.currency,
      businessDate: await openBusinessDate(tx, input.branch),
      provider: payment.provider,
      providerRef: payment.providerRef,
      requestId: payment.requestId,
      refundsId: payment.id,
      reason: input.reason,
    });
  },
};
