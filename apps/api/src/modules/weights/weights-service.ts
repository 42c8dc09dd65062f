import { eq } from 'drizzle-orm';
import { toMajor, weightVariance, type TLang, type TWeightCheck } from '@portal/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { weightChecks } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { notificationsService } from '../notifications/notifications-service';
import type { WeightParams } from '../notifications/weight-texts';
import { parcels, type Actor } from '../parcels/parcels-service';
import { paymentsService } from '../payments/payments-service';
import { weightSettings } from '../settings/weight-settings';
import { onDisputed } from './dispute';
import { toWeightCheck } from './weight-view';
import { weightsRepository as repo, type WeightCheckRow } from './weights-repository';

type StaffActor = Actor & { userId: number };
const orderLink = (orderId: number) => `/orders/order?id=${orderId}`;

function message(check: WeightCheckRow, trackCode: string, kind: WeightParams['weight_check']) {
  const params: WeightParams = {
    weight_check: kind,
    check_id: check.id,
    order_id: check.orderId,
    track_code: trackCode,
    china_weight: check.chinaWeight,
    branch_weight: check.branchWeight,
    china_price: toMajor(check.chinaPrice),
    branch_price: toMajor(check.branchPrice),
    currency: check.currency,
  };
  return {
    userId: check.userId!,
    event: kind === 'needed' ? ('weight_check_needed' as const) : ('weight_lighter' as const),
    params,
    link: orderLink(check.orderId),
  };
}

async function view(db: DbOrTx, id: number, lang: TLang): Promise<TWeightCheck> {
  const [row] = await repo.withDetails(db, eq(weightChecks.id, id));
  if (!row) throw notFound();
  return toWeightCheck(row, lang);
}

/**
 * Decides a pending check for its customer (or the clerk recording the customer's word): the parcel's row is locked
 * first (the order every parcel writer takes: a hand-over racing it waits, then sees the check decided), the guarded
 * UPDATE lets one decision through (409 weight_check_decided for the other), and only a parcel still waiting at its
 * branch can be decided on (409 weight_not_at_branch; nothing is kept then).
 */
async function decide(
  tx: Tx,
  check: WeightCheckRow,
  to: 'confirmed' | 'disputed',
  by: { userId: number; via: 'customer' | 'counter' },
  reason: string | null,
  actor: Actor,
): Promise<WeightCheckRow> {
  const locked = await parcels.lockWithStatus(tx, check.orderId);
  const decided = await repo.decide(tx, check.id, to, by, reason);
  if (!decided) throw new AppError('weight_check_decided');
  if (!locked || locked.status !== 'at_branch' || locked.row.userId !== check.userId) throw new AppError('weight_not_at_branch');
  if (to === 'confirmed') await parcels.reweigh(tx, locked.row, check.branchWeight, actor);
  return decided;
}

/**
 * The weights module (issue 36, ADR 089): the parcel's weighing at its branch against its China weight, and the
 * customer's confirmation or dispute of a heavier one before paying. Prices change only through the parcels module
 * (parcels.reweigh); the checks live in `weight_checks` (weights-repository.ts).
 */
export const weightsService = {
  /**
   * Records the branch weight of a parcel waiting at `branch`, in the caller's transaction, under the parcel's row
   * lock: once per parcel (409 weight_already_recorded; the unique index decides two clerks at once). Within the
   * tolerance nothing else happens; lighter beyond it the parcel's weight and price follow the branch weight and the
   * customer is told; heavier beyond it the check is pending, the customer is asked (weight_check_needed) and paying
   * waits. A pending check is written under the customer's money lock, so an online request being frozen meanwhile
   * either comes first or sees it.
   */
  async record(tx: Tx, orderId: number, branchWeight: number, branch: { id: number }, actor: StaffActor): Promise<WeightCheckRow> {
    const locked = await parcels.lockWithStatus(tx, orderId);
    if (!locked) throw notFound();
    const { row, status } = locked;
    if (row.branchId !== branch.id && status === 'at_branch') throw new AppError('forbidden');
    if (status !== 'at_branch' || row.userId === null) throw new AppError('weight_not_at_branch');
    if (await repo.byOrder(tx, orderId)) throw new AppError('weight_already_recorded');
    const tolerance = await weightSettings.get(tx);
    const v = weightVariance(row.weight, branchWeight, tolerance);
    const state = v.outcome === 'within' ? 'within' : v.outcome === 'lighter' ? 'lighter' : 'pending';
    if (state === 'pending') await paymentsService.lockCustomer(tx, row.userId);
    const check = await repo.insert(tx, {
      orderId,
      userId: row.userId,
      branchId: branch.id,
      chinaWeight: row.weight,
      branchWeight,
      allowedGrams: v.allowed_grams,
      chinaPrice: row.price ?? 0,
      branchPrice: parcels.priceAt(row, branchWeight) ?? row.price ?? 0,
      currency: row.currency ?? '',
      state,
      weighedBy: actor.userId,
    });
    if (!check) throw new AppError('weight_already_recorded');
    if (state === 'lighter') await parcels.reweigh(tx, row, branchWeight, actor);
    if (actor.audit)
      await recordAudit(tx, {
        actor: actor.audit,
        action: 'weight.recorded',
        targetType: 'order',
        targetId: orderId,
        before: { weight: row.weight, price: toMajor(check.chinaPrice) },
        after: {
          track_code: row.trackCode,
          branch_weight: branchWeight,
          difference_grams: v.difference_grams,
          allowed_grams: v.allowed_grams,
          state,
          price: toMajor(state === 'lighter' ? check.branchPrice : check.chinaPrice),
          new_price: toMajor(check.branchPrice),
          currency: check.currency,
        },
      });
    if (state !== 'within' && !actor.quiet)
      await notificationsService.notify(tx, [message(check, row.trackCode, state === 'pending' ? 'needed' : 'lighter')]);
    return check;
  },

  /** POST manage/parcels/{id}/branch-weight: record() in its own transaction, answered as staff see the check. */
  async recordAt(db: Db, orderId: number, branchWeight: number, branch: { id: number }, actor: StaffActor, lang: TLang) {
    const check = await db.transaction((tx) => this.record(tx, orderId, branchWeight, branch, actor));
    return view(db, check.id, lang);
  },

  /** The caller's checks waiting for their decision. */
  async pending(db: Db, userId: number, lang: TLang): Promise<TWeightCheck[]> {
    return (await repo.pendingOf(db, userId)).map((r) => toWeightCheck(r, lang));
  },

  /** The customer confirms: the parcel's weight and price become the branch weight's (chargeable = max(actual, volumetric)). */
  async confirm(db: Db, userId: number, id: number, actor: Actor, lang: TLang): Promise<TWeightCheck> {
    await db.transaction(async (tx) => {
      const check = await repo.byId(tx, id);
      if (!check || check.userId !== userId) throw notFound();
      await decide(tx, check, 'confirmed', { userId, via: 'customer' }, null, actor);
    });
    return view(db, id, lang);
  },

  /** The customer disputes: the parcel keeps its China price, the dispute is kept whole and becomes a claim. */
  async dispute(db: Db, userId: number, id: number, reason: string, actor: Actor, lang: TLang): Promise<TWeightCheck> {
    await db.transaction(async (tx) => {
      const check = await repo.byId(tx, id);
      if (!check || check.userId !== userId) throw notFound();
      const decided = await decide(tx, check, 'disputed', { userId, via: 'customer' }, reason, actor);
      await onDisputed(tx, decided, lang);
    });
    return view(db, id, lang);
  },

  /**
   * The clerk records "the customer confirmed at the counter" (ADR 089: a clerk may confirm for a customer standing
   * there, never dispute for them): the check's branch only, audited naming the clerk.
   */
  async counterConfirm(db: Db, id: number, branch: { id: number }, actor: StaffActor, lang: TLang): Promise<TWeightCheck> {
    await db.transaction(async (tx) => {
      const check = await repo.byId(tx, id);
      if (!check || check.branchId !== branch.id) throw notFound();
      const decided = await decide(tx, check, 'confirmed', { userId: actor.userId, via: 'counter' }, null, actor);
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'weight.counter_confirm',
          targetType: 'order',
          targetId: decided.orderId,
          before: { state: 'pending', price: toMajor(decided.chinaPrice) },
          after: {
            state: 'confirmed',
            customer_id: decided.userId,
            clerk_id: actor.userId,
            china_weight: decided.chinaWeight,
            branch_weight: decided.branchWeight,
            price: toMajor(decided.branchPrice),
            currency: decided.currency,
          },
        });
    });
    return view(db, id, lang);
  },

  /** A parcel's check as staff see it (the parcel view), or null when it was not weighed at the branch. */
  async ofOrder(db: DbOrTx, orderId: number, lang: TLang): Promise<TWeightCheck | null> {
    const [row] = await repo.withDetails(db, eq(weightChecks.orderId, orderId));
    return row ? toWeightCheck(row, lang) : null;
  },

  /** THE read other modules use: the pending checks among these parcels (the counter's "weight to confirm"). */
  async pendingAmong(db: DbOrTx, orderIds: number[], lang: TLang): Promise<TWeightCheck[]> {
    const pending = await repo.pendingAmong(db, orderIds);
    const out: TWeightCheck[] = [];
    for (const c of pending) out.push(await view(db, c.id, lang));
    return out;
  },

  /**
   * Paying waits for the customer's decision: 409 weight_unconfirmed when any of these parcels has a pending check.
   * Online payment requests call it when freezing an amount, the hand-over after moving its parcels (their row locks
   * held, so a decision racing it either came first or waits).
   */
  async assertNonePending(db: DbOrTx, orderIds: number[]): Promise<void> {
    if ((await repo.pendingAmong(db, orderIds)).length) throw new AppError('weight_unconfirmed');
  },
};
