import {
  addDays,
  DAY_CLOSE_STAFF_DAYS,
  localDate,
  PAYMENT_METHODS,
  type TByMethod,
  type TDayClose,
  type TDayCloseView,
  type TLang,
  type TPayment,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { BranchRow } from '../branches/branches-repository';
import { openBusinessDate } from './business-day';
import { dayCloseRepository } from './day-close-repository';
import { moneyViewsRepository } from './money-views-repository';
import { emptyByMethod, paymentsRepository as repo } from './payments-repository';

/**
 * A branch's business day (ADR 060): its payments, what it expects per method, and its close (exposed through
 * paymentsService). A closed day never changes; later payments fall in the next open day.
 */
export const dayCloses = {
  async dayPayments(db: Db, branch: BranchRow, date: string | undefined, lang: TLang): Promise<TPayment[]> {
    const day = date ?? (await openBusinessDate(db, branch));
    return moneyViewsRepository.paymentViews(db, { branchId: branch.id, date: day }, lang);
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
