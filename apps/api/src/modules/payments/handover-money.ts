import { sumMinor, type TPaymentInput } from '@portal/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { BranchRow } from '../branches/branches-repository';
import { openBusinessDate } from './business-day';
import { assertMethodsAccepted, paymentRows } from './counter-payments';
import { paymentsRepository as repo } from './payments-repository';

export interface HandoverMoney {
  /** The hand-over's total, minor units. */
  total: number;
  /** Paid at this hand-over (all methods). */
  paid: number;
  /** What of the total the customer's credit (paid ahead online) covered. */
  fromCredit: number;
  /** What of this hand-over's total stays owed. */
  remaining: number;
  /** The customer's whole open balance in this currency after the hand-over. */
  balance: number;
}

/** The money of a hand-over and of its undo (ADR 062), in the hand-over's transaction (exposed through paymentsService). */
export const handoverMoney = {
  /**
   * THE call the hand-over makes, inside its transaction: charges the receipt's total and records the payments.
   * Payments may exceed the total to pay off open debt, never beyond it; paying less needs `acceptDebt` (staff
   * confirmed the rest becomes debt). Throws (rolling the whole hand-over back) otherwise.
   */
  async recordHandover(
    tx: Tx,
    input: {
      customerId: number;
      branch: BranchRow;
      receiptId: number;
      total: number;
      payments: TPaymentInput[];
      acceptDebt: boolean;
      staffUserId: number;
    },
  ): Promise<HandoverMoney> {
    assertMethodsAccepted(input.branch, input.payments);
    // Payments also take the branch's day lock (the business day they fall in must not close meanwhile): both locks in
    // one statement, in the order every money write takes them.
    if (input.payments.length) await repo.lockCustomerAndBranchDay(tx, input.customerId, input.branch.id);
    else await repo.lockCustomer(tx, input.customerId);
    const before = await repo.balance(tx, input.customerId, input.branch.currency);
    const paid = sumMinor(input.payments.map((p) => p.amount));
    // A negative balance is credit paid ahead (online, ADR 077): it pays this total first, so the counter takes only the
    // rest (nothing when paid online) and never more than everything owed.
    const credit = Math.max(-before, 0);
    const owed = Math.max(input.total + before, 0);
    if (paid > owed) throw new AppError('payment_too_much', { params: { amount_minor: owed, currency: input.branch.currency } });
    if (paid + credit < input.total && !input.acceptDebt) throw new AppError('payment_short');
    const fromCredit = Math.min(credit, input.total);
    const charge = {
      userId: input.customerId,
      branchId: input.branch.id,
      receiptId: input.receiptId,
      amount: input.total,
      creditUsed: fromCredit,
      currency: input.branch.currency,
    };
    const rows = input.payments.length
      ? paymentRows(input.payments, {
          userId: input.customerId,
          branch: input.branch,
          staffUserId: input.staffUserId,
          receiptId: input.receiptId,
          businessDate: await openBusinessDate(tx, input.branch),
        })
      : [];
    await repo.insertHandover(tx, charge, rows);
    return {
      total: input.total,
      paid,
      fromCredit,
      remaining: Math.max(input.total - fromCredit - paid, 0),
      balance: before + input.total - paid,
    };
  },

  /**
   * THE call an undone hand-over makes (parcels.correct, ADR 062), inside its transaction: the receipt's charge is
   * reversed (a negative charge naming it) and each of its payments not reversed yet is returned to the customer (a
   * negative payment naming it), both with the admin's reason, the payments dated in the branch's open business day.
   * The customer's balance is then what it was before the hand-over. Later payments of debt are not touched.
   */
  async undoHandover(
    tx: Tx,
    input: { receiptId: number; customerId: number; branch: BranchRow; reason: string; adminUserId: number },
  ): Promise<{ chargeReversed: number; paymentsReturned: number; reversalIds: number[] }> {
    await repo.lockCustomer(tx, input.customerId);
    await repo.lockBranchDayShared(tx, input.branch.id);
    const open = await repo.openChargesOfReceipt(tx, input.receiptId);
    for (const c of open)
      await repo.insertCharge(tx, {
        userId: c.userId,
        branchId: c.branchId,
        receiptId: c.receiptId,
        amount: -c.amount,
        currency: c.currency,
        reversesId: c.id,
        reason: input.reason,
      });
    const paid = await repo.openPaymentsOfReceipt(tx, input.receiptId);
    const businessDate = paid.length ? await openBusinessDate(tx, input.branch) : null;
    const reversalIds = await repo.insertPayments(
      tx,
      paid.map((p) => ({
        userId: p.userId,
        branchId: p.branchId,
        staffUserId: input.adminUserId,
        receiptId: p.receiptId,
        method: p.method,
        amount: -p.amount,
        currency: p.currency,
        businessDate: businessDate!,
        reversesId: p.id,
        reason: input.reason,
      })),
    );
    return {
      chargeReversed: sumMinor(open.map((c) => c.amount)),
      paymentsReturned: sumMinor(paid.map((p) => p.amount)),
      reversalIds,
    };
  },
};
