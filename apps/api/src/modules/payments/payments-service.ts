import {
  addDays,
  DAY_CLOSE_STAFF_DAYS,
  localDate,
  PAYMENT_METHODS,
  sumMinor,
  type TByMethod,
  type TCustomerBalance,
  type TDayClose,
  type TDayCloseView,
  type TLang,
  type TPayDebtResult,
  type TPayment,
  type TPaymentInput,
  type TPaymentMethod,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { openBusinessDate } from './business-day';
import { onlineJournal } from './online-journal';
import { dayCloseRepository } from './day-close-repository';
import { emptyByMethod, paymentsRepository as repo } from './payments-repository';

/**
 * The money rules, one owner: the payments journal, charges, balances (debts), reversals and the close of day.
 * Amounts are integer minor units throughout (contract common/money.ts). Writes take the customer's lock, then the
 * branch-day lock, so limits (never pay more than owed) and the close of day hold under concurrent requests.
 */

/** THE rule of methods: a counter takes only the methods its branch accepts (the admin's list, ADR 073); 422 otherwise. */
export function assertMethodsAccepted(branch: Pick<BranchRow, 'paymentMethods'>, inputs: readonly { method: TPaymentMethod }[]): void {
  if (inputs.some((p) => !branch.paymentMethods.includes(p.method))) throw new AppError('payment_method_not_accepted');
}

function paymentRows(
  inputs: TPaymentInput[],
  base: { userId: number; branch: BranchRow; staffUserId: number; receiptId: number | null; businessDate: string },
) {
  return inputs.map((p) => ({
    userId: base.userId,
    branchId: base.branch.id,
    staffUserId: base.staffUserId,
    receiptId: base.receiptId,
    method: p.method,
    amount: p.amount,
    currency: base.branch.currency,
    businessDate: base.businessDate,
  }));
}

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

export const paymentsService = {
  /** Online payments (ADR 077): the lock, the payment and its refunds (online-journal.ts). */
  ...onlineJournal,

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
      payments: await repo.paymentViews(db, { ids }, lang),
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
    const views = await repo.paymentViews(db, { ids: [paymentId, id!] }, lang);
    return { original: views.find((v) => v.id === paymentId)!, payment: views.find((v) => v.id === id)! };
  },

  /**
   * The money of one receipt: its payments (reversals included), paid, and remaining (never below zero) after what
   * credit paid ahead online covered (`creditUsed`, kept on its charge). The online payments that paid its parcels
   * ahead are listed too, so the receipt names the provider and its reference (ADR 077), but not summed into `paid`:
   * what of them this receipt used is `creditUsed`.
   */
  async receiptMoney(db: Db | Tx, receiptId: number, total: number, lang: TLang, creditUsed = 0) {
    const list = await repo.paymentViews(db, { receiptId }, lang);
    const paid = sumMinor(list.filter((p) => p.method !== 'online').map((p) => p.amount));
    return { payments: list, paid, remaining: Math.max(total - creditUsed - paid, 0) };
  },

  async customerBalance(db: Db, userId: number, lang: TLang): Promise<TCustomerBalance> {
    return { balances: await repo.balances(db, userId), history: await repo.history(db, userId, lang) };
  },

  async balance(db: Db | Tx, userId: number, currency: string): Promise<number> {
    return repo.balance(db, userId, currency);
  },

  async balances(db: Db | Tx, userId: number) {
    return repo.balances(db, userId);
  },

  async dayPayments(db: Db, branch: BranchRow, date: string | undefined, lang: TLang): Promise<TPayment[]> {
    const day = date ?? (await openBusinessDate(db, branch));
    return repo.paymentViews(db, { branchId: branch.id, date: day }, lang);
  },

  async dayView(db: Db, branch: BranchRow, date: string | undefined, branchName: string, lang: TLang): Promise<TDayCloseView> {
    const open = await openBusinessDate(db, branch);
    const day = date ?? open;
    const { expected, count } = await dayCloseRepository.daySums(db, branch.id, day);
    const closeRow = await dayCloseRepository.dayClose(db, branch.id, day);
    const close = closeRow ? ((await dayCloseRepository.dayCloseViews(db, { ids: [closeRow.id] }, lang))[0] ?? null) : null;
    return {
      branch: { id: branch.id, name: branchName },
      business_date: day,
      open_date: open,
      today: localDate(new Date(), branch.timeZone),
      currency: branch.currency,
      payment_methods: branch.paymentMethods,
      expected: close ? close.expected : expected,
      payments_count: close ? close.payments_count : count,
      close,
      online: await dayCloseRepository.onlineSums(db, branch.id, day),
    };
  },

  /**
   * Closes a business day of a branch (default: the open one): expected per method from the journal, counted as
   * entered, difference. Days are the branch's (its time zone). A day is closed once: a repeat is `day_closed` (409),
   * also when no day is named and today is closed already (the open day is then tomorrow, which is not closed ahead
   * of time). A named day after today is a 422 on `date`. Branch staff close today and the last DAY_CLOSE_STAFF_DAYS
   * days (`day_close_too_old`, 403, for older ones); admins any open day. From then on payments and reversals at this
   * branch count in the next open day. Under the branch-day lock, so of simultaneous closes one wins.
   */
  async closeDay(
    db: Db,
    branch: BranchRow,
    input: { date?: string; counted: TByMethod; note?: string },
    staff: { userId: number; admin: boolean },
    lang: TLang,
    actor?: AuditActor,
  ): Promise<TDayClose> {
    const id = await db.transaction(async (tx) => {
      await repo.lockBranchDay(tx, branch.id);
      const open = await openBusinessDate(tx, branch);
      const today = localDate(new Date(), branch.timeZone);
      if (input.date === undefined && open > today) throw new AppError('day_closed');
      const day = input.date ?? open;
      if (day > today) throw new AppError('validation_failed', { fields: { date: ['validation.invalid_date'] } });
      if (!staff.admin && day < addDays(today, -DAY_CLOSE_STAFF_DAYS))
        throw new AppError('day_close_too_old', { params: { days: DAY_CLOSE_STAFF_DAYS } });
      if (await dayCloseRepository.dayClose(tx, branch.id, day)) throw new AppError('day_closed');
      const { expected, count } = await dayCloseRepository.daySums(tx, branch.id, day);
      const difference = emptyByMethod();
      for (const m of PAYMENT_METHODS) difference[m] = (input.counted[m] ?? 0) - expected[m];
      const closeId = await dayCloseRepository.insertDayClose(tx, {
        branchId: branch.id,
        businessDate: day,
        currency: branch.currency,
        expected,
        counted: input.counted,
        difference,
        paymentsCount: count,
        note: input.note || null,
        staffUserId: staff.userId,
      });
      if (actor)
        await recordAudit(tx, {
          actor,
          action: 'day.close',
          targetType: 'day_close',
          targetId: closeId,
          before: null,
          after: { branch_id: branch.id, business_date: day, expected, counted: input.counted, difference },
        });
      return closeId;
    });
    return (await dayCloseRepository.dayCloseViews(db, { ids: [id] }, lang))[0]!;
  },

  async listCloses(db: Db, where: { branchId?: number; from?: string; to?: string }, lang: TLang): Promise<TDayClose[]> {
    return dayCloseRepository.dayCloseViews(db, where, lang);
  },
};
