import { sumMinor, type TCustomerBalance, type TLang, type TPayDebtResult, type TPayment, type TPaymentInput } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { openBusinessDate } from './business-day';
import { assertMethodsAccepted, paymentRows } from './counter-payments';
import { dayCloses } from './day-close';
import { handoverMoney } from './handover-money';
import { moneyViewsRepository } from './money-views-repository';
import { onlineJournal } from './online-journal';
import { paymentsRepository as repo } from './payments-repository';

/**
 * The money rules, one owner: the payments journal, charges, balances (debts), reversals and the close of day.
 * Amounts are integer minor units throughout (contract common/money.ts). Writes take the customer's lock, then the
 * branch-day lock, so limits (never pay more than owed) and the close of day hold under concurrent requests.
 */

export const paymentsService = {
  /** Online payments (ADR 077): the lock, the payment and its refunds (online-journal.ts). */
  ...onlineJournal,

  /** The hand-over's money and its undo (handover-money.ts). */
  ...handoverMoney,

  /**
   * THE credit of an approved claim (ADR 088), inside the claims module's transaction: a negative charge naming the
   * claim (unique, so a claim credits once even if its guard were bypassed), under the customer's money lock, so a
   * hand-over racing it reads the balance before or after, never half. The credit is then what the next hand-over
   * uses (ADR 077's rule: a negative balance pays the counter's total first).
   */
  async creditClaim(tx: Tx, input: { claimId: number; userId: number; branch: BranchRow; amount: number; reason: string }): Promise<void> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a claim credit is a positive amount');
    await repo.lockCustomer(tx, input.userId);
    await repo.insertCharge(tx, {
      userId: input.userId,
      branchId: input.branch.id,
      receiptId: null,
      amount: -input.amount,
      currency: input.branch.currency,
      reason: input.reason,
      claimId: input.claimId,
    });
  },

  /**
   * An approved claim paid in cash from the branch's drawer (ADR 088): the claim's credit and, beside it, a negative
   * cash payment of the same amount in the branch's open business day (the close of day expects that much less cash),
   * so the customer's balance ends where it was. Under both money locks (a closing day waits; a closed day is never
   * written: the payout falls in the next open day, as every payment does).
   */
  async payClaimInCash(
    tx: Tx,
    input: { claimId: number; userId: number; branch: BranchRow; amount: number; staffUserId: number; reason: string },
  ): Promise<{ paymentId: number; businessDate: string }> {
    await repo.lockCustomerAndBranchDay(tx, input.userId, input.branch.id);
    await paymentsService.creditClaim(tx, input);
    const businessDate = await openBusinessDate(tx, input.branch);
    const [paymentId] = await repo.insertPayments(tx, [
      {
        userId: input.userId,
        branchId: input.branch.id,
        staffUserId: input.staffUserId,
        receiptId: null,
        method: 'cash',
        amount: -input.amount,
        currency: input.branch.currency,
        businessDate,
        reason: input.reason,
      },
    ]);
    return { paymentId: paymentId!, businessDate };
  },

  /** A customer pays open debt at the counter, without parcels: at most what they owe in the branch's currency. */
  async payDebt(
    db: Db,
    branch: BranchRow,
    customerId: number,
    inputs: TPaymentInput[],
    staffUserId: number,
    lang: TLang,
    actor?: AuditActor,
  ): Promise<TPayDebtResult> {
    assertMethodsAccepted(branch, inputs);
    const ids = await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      const owed = await repo.balance(tx, customerId, branch.currency);
      const paid = sumMinor(inputs.map((p) => p.amount));
      if (owed <= 0) throw new AppError('no_debt');
      if (paid > owed) throw new AppError('payment_too_much', { params: { amount_minor: owed, currency: branch.currency } });
      await repo.lockBranchDayShared(tx, branch.id);
      const businessDate = await openBusinessDate(tx, branch);
      const ids = await repo.insertPayments(
        tx,
        paymentRows(inputs, { userId: customerId, branch, staffUserId, receiptId: null, businessDate }),
      );
      if (actor)
        await recordAudit(tx, {
          actor,
          action: 'payment.take_debt',
          targetType: 'user',
          targetId: customerId,
          before: { balance: owed },
          after: { balance: owed - paid, payment_ids: ids, payments: inputs, business_date: businessDate },
        });
      return ids;
    });
    return {
      payments: await moneyViewsRepository.paymentViews(db, { ids }, lang),
      balance: { currency: branch.currency, balance: await repo.balance(db, customerId, branch.currency) },
    };
  },

  /**
   * An admin takes a payment back: a new negative row in the branch's open business day (a closed day never
   * changes), naming the payment. A payment is reversed at most once (unique index; the lock orders racing calls).
   */
  async reverse(
    db: Db,
    paymentId: number,
    reason: string,
    actor: AuditActor & { id: number },
    lang: TLang,
    findBranch: (id: number) => Promise<BranchRow | undefined>,
    /** Staff with the refunds capability: only payments taken at this branch (another → 403). */
    onlyBranchId?: number,
  ): Promise<{ payment: TPayment; original: TPayment }> {
    const adminUserId = actor.id;
    const original = await repo.byId(db, paymentId);
    if (!original) throw new AppError('not_found');
    if (onlyBranchId !== undefined && original.branchId !== onlyBranchId) throw new AppError('forbidden');
    if (original.reversesId !== null) throw new AppError('payment_not_reversible');
    // Money paid online goes back through its provider (a refund), never by a reversal of the journal alone (ADR 077).
    if (original.method === 'online') throw new AppError('payment_use_refund');
    const branch = await findBranch(original.branchId);
    if (!branch) throw new AppError('not_found');
    const [id] = await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, original.userId);
      await repo.lockBranchDayShared(tx, original.branchId);
      if (await repo.isReversed(tx, paymentId)) throw new AppError('already_reversed');
      const businessDate = await openBusinessDate(tx, branch);
      const ids = await repo.insertPayments(tx, [
        {
          userId: original.userId,
          branchId: original.branchId,
          staffUserId: adminUserId,
          receiptId: original.receiptId,
          method: original.method,
          amount: -original.amount,
          currency: original.currency,
          businessDate,
          reversesId: original.id,
          reason,
        },
      ]);
      await recordAudit(tx, {
        actor,
        action: 'payment.reverse',
        targetType: 'payment',
        targetId: paymentId,
        before: { amount: original.amount, method: original.method, business_date: original.businessDate },
        after: { reversal_id: ids[0], amount: -original.amount, business_date: businessDate, reason },
      });
      return ids;
    });
    const views = await moneyViewsRepository.paymentViews(db, { ids: [paymentId, id!] }, lang);
    return { original: views.find((v) => v.id === paymentId)!, payment: views.find((v) => v.id === id)! };
  },

  /**
   * The money of one receipt: its payments (reversals included), paid, and remaining (never below zero) after what
   * credit paid ahead online covered (`creditUsed`, kept on its charge). The online payments that paid its parcels
   * ahead are listed too, so the receipt names the provider and its reference (ADR 077), but not summed into `paid`:
   * what of them this receipt used is `creditUsed`.
   */
  async receiptMoney(db: Db | Tx, receiptId: number, total: number, lang: TLang, creditUsed = 0) {
    const list = await moneyViewsRepository.paymentViews(db, { receiptId }, lang);
    const paid = sumMinor(list.filter((p) => p.method !== 'online').map((p) => p.amount));
    return { payments: list, paid, remaining: Math.max(total - creditUsed - paid, 0) };
  },

  async customerBalance(db: Db, userId: number, lang: TLang): Promise<TCustomerBalance> {
    return { balances: await repo.balances(db, userId), history: await moneyViewsRepository.history(db, userId, lang) };
  },

  async balance(db: Db | Tx, userId: number, currency: string): Promise<number> {
    return repo.balance(db, userId, currency);
  },

  async balances(db: Db | Tx, userId: number) {
    return repo.balances(db, userId);
  },

  /** The business day: its payments, its view and its close (day-close.ts). */
  ...dayCloses,
};
