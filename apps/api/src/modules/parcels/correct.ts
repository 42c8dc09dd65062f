import {
  chargedPriceMinor,
  localDate,
  NEXT_STATUS,
  storageUntilFor,
  toMajorOrNull,
  volumetricWeightKg,
  type TDimensionsCm,
  type TOrderStatusCode,
  type TParcelCorrection,
} from '@portal/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { branchesRepository } from '../branches/branches-repository';
import type { CorrectionParams } from '../notifications/notification-texts';
import { settingsRepository } from '../settings/settings-repository';
import { parcelFlows } from './parcel-flows';
import { recordEvents, tell } from './parcel-history';
import { orderLink } from './parcel-notifications';
import { statusCodeOf, statusIds } from './parcel-statuses';
import type { Actor, CorrectionOutcome, CorrectionReach } from './parcel-types';
import { parcelsRepository, type ParcelRow, type ParcelSet } from './parcels-repository';
import { nextVersion, undoHandover } from './undo-handover';

/** The weight a parcel is charged by: the larger of the actual and the volumetric weight. */
const chargeableOf = (weight: number, volumetric: number | null) => (volumetric !== null && volumetric > weight ? volumetric : weight);

const sameDimensions = (a: TDimensionsCm | null, b: TDimensionsCm | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.width === b.width && a.height === b.height;

type Change = { set: ParcelSet; to: TOrderStatusCode; params: CorrectionParams };
type Base = Pick<CorrectionParams, 'order_id' | 'track_code' | 'name' | 'currency'>;

/**
 * Weight or dimensions: the volumetric and chargeable weight again, and a priced parcel's price by the arrival rule (in
 * minor units, like the row; the customer's sentence keeps major-unit prices, as every correction notice has).
 */
async function measures(tx: Tx, row: ParcelRow, input: Extract<TParcelCorrection, { kind: 'weight' | 'dimensions' }>, base: Base) {
  const weight = input.kind === 'weight' ? input.weight : row.weight;
  let dimensions = row.dimensions;
  let volumetric = row.volumetricWeight;
  let divisor = row.volumetricDivisor;
  if (input.kind === 'dimensions') {
    dimensions = input.dimensions;
    divisor = dimensions ? (row.volumetricDivisor ?? (await settingsRepository.volumetricDivisor(tx))) : null;
    volumetric = dimensions ? volumetricWeightKg(dimensions, divisor!) : null;
    if (sameDimensions(dimensions, row.dimensions)) throw new AppError('correction_no_change');
  } else if (weight === row.weight) throw new AppError('correction_no_change');
  const chargeable = chargeableOf(weight, volumetric);
  const priced = row.price !== null && row.tariff !== null;
  const price = priced ? chargedPriceMinor(chargeable, row.tariff!, row.currency) : row.price;
  return {
    set: { weight, dimensions, volumetricWeight: volumetric, volumetricDivisor: divisor, price },
    params: {
      correction: input.kind,
      ...base,
      weight,
      previous_weight: row.weight,
      dimensions,
      previous_dimensions: row.dimensions,
      chargeable_weight: chargeable,
      previous_chargeable_weight: chargeableOf(row.weight, row.volumetricWeight),
      price: toMajorOrNull(price),
      previous_price: toMajorOrNull(row.price),
    },
  };
}

/** One step along NEXT_STATUS: the step's timestamp set forward, cleared back (delivered is the hand-over's). */
async function step(tx: Tx, row: ParcelRow, current: TOrderStatusCode, to: TOrderStatusCode): Promise<ParcelSet> {
  const forward = NEXT_STATUS[current] === to;
  const back = NEXT_STATUS[to] === current;
  if (!forward && !back) throw new AppError('correction_not_one_step');
  // A parcel held by customs keeps its status until released (ADR 085): a correction is no way round the hold.
  if (row.customsHeldAt !== null) throw new AppError('customs_held');
  const now = new Date();
  if (forward && to === 'in_transit') {
    if (row.userId === null) throw new AppError('correction_unowned');
    return { dispatchedAt: now };
  }
  if (forward && to === 'at_branch') {
    const branch = row.branchId !== null ? await branchesRepository.findById(tx, row.branchId) : undefined;
    if (!branch) throw new AppError('branch_required');
    return {
      arrivedAt: now,
      tariff: branch.tariff,
      currency: branch.currency,
      price: chargedPriceMinor(chargeableOf(row.weight, row.volumetricWeight), branch.tariff, branch.currency),
      storageUntil: storageUntilFor(now, branch.timeZone, branch.storageDays),
    };
  }
  if (forward) throw new AppError('correction_use_handover');
  if (to === 'china_warehouse') return { dispatchedAt: null, flightId: null };
  return { arrivedAt: null, price: null, tariff: null, currency: null, storageUntil: null };
}

/** What the correction changes, and what the customer is told. */
async function changeOf(tx: Tx, row: ParcelRow, current: TOrderStatusCode, input: TParcelCorrection, base: Base): Promise<Change> {
  switch (input.kind) {
    case 'weight':
    case 'dimensions': {
      if (current === 'delivered') throw new AppError('correction_after_handover');
      return { ...(await measures(tx, row, input, base)), to: current };
    }
    case 'price': {
      if (current === 'delivered') throw new AppError('correction_after_handover');
      if (row.price === null || row.tariff === null) throw new AppError('correction_unpriced');
      const price = input.amount;
      if (price === row.price) throw new AppError('correction_no_change');
      const params: CorrectionParams = {
        correction: 'price',
        ...base,
        price: toMajorOrNull(price),
        previous_price: toMajorOrNull(row.price),
      };
      return { set: { price }, to: current, params };
    }
    case 'status': {
      const set = await step(tx, row, current, input.status);
      return { set, to: input.status, params: { correction: 'status', ...base, status: input.status, previous_status: current } };
    }
    default:
      throw new Error(`correction ${input.kind} is an undo`);
  }
}

/** 403 unless the locked parcel lies within the staff member's reach (ADR 075); checked under the row's lock. */
function assertReach(reach: CorrectionReach, row: ParcelRow, current: TOrderStatusCode, undo: boolean): void {
  if (reach === null) return;
  if ('warehouse' in reach) {
    if (undo || current !== 'china_warehouse') throw new AppError('forbidden');
    return;
  }
  // At their branch: waiting there (a correction) or handed over there today (an undo), never on its way.
  if (row.branchId !== reach.branchId || (!undo && current !== 'at_branch')) throw new AppError('forbidden');
  if (undo && current === 'delivered') {
    const handedOver = row.deliveredAt ?? row.updatedAt;
    if (localDate(handedOver, reach.timeZone) !== localDate(new Date(), reach.timeZone)) throw new AppError('undo_not_same_day');
  }
}

/**
 * A correction of one parcel (an admin's, or a staff member's within `reach`), always with a reason (kinds and rules: the contract's admin/corrections.ts).
 * The row is locked and its updated_at compared with the one the admin read (stale_write otherwise), so of two
 * simultaneous corrections one wins. Weight and dimensions recompute the volumetric and chargeable weight with the
 * divisor kept on the parcel and, when it is priced, its price by the arrival rule (chargedPriceMinor with its tariff and currency); a
 * status moves one step along NEXT_STATUS, setting the step's timestamp forward and clearing it back; back from
 * delivered is an undone hand-over. One 'corrected' event per parcel (the reason and the customer's sentence in its
 * details), one audit row each (parcel.corrected), and the owner is told once (order_corrected).
 */
export async function correct(
  tx: Tx,
  orderId: number,
  input: TParcelCorrection,
  actor: Actor & { userId: number },
  reach: CorrectionReach = null,
): Promise<CorrectionOutcome> {
  const row = await parcelsRepository.lockOne(tx, orderId);
  if (!row) throw new AppError('not_found');
  const current = await statusCodeOf(tx, row.statusId);
  const undo = input.kind === 'undo_handover' || (input.kind === 'status' && current === 'delivered' && input.status === 'at_branch');
  assertReach(reach, row, current, undo);
  if (row.updatedAt.getTime() !== new Date(input.updated_at).getTime()) throw new AppError('stale_write');
  const reason = input.reason;
  const base = { order_id: row.id, track_code: row.trackCode, name: row.name, currency: row.currency };
  const before = {
    status: current,
    weight: row.weight,
    dimensions: row.dimensions,
    volumetric_weight: row.volumetricWeight,
    price: toMajorOrNull(row.price),
    receipt_id: row.receiptId,
  };

  if (undo) {
    if (current !== 'delivered') throw new AppError('correction_not_delivered');
    const { rows, receipt } = await undoHandover(tx, row, reason, actor);
    const params: CorrectionParams = {
      correction: 'handover_undone',
      ...base,
      codes: rows.map((r) => r.trackCode),
      undone_receipt_id: receipt?.id,
    };
    const details = { kind: input.kind, reason, notice: params, ...(receipt ? { receipt_id: receipt.id } : {}) };
    await recordEvents(tx, rows, 'at_branch', actor, {
      action: 'corrected',
      details,
      before: { ...before, status: 'delivered' },
      notify: false,
    });
    if (row.userId !== null)
      await tell(tx, actor, [{ userId: row.userId, event: 'order_corrected', params: { ...params }, link: orderLink(row.id) }]);
    return { orderIds: rows.map((r) => r.id), undoneReceipt: receipt };
  }

  const { set, to, params } = await changeOf(tx, row, current, input, base);
  const ids = await statusIds(tx);
  // A step forward counts on today's flows, a step back takes its count away from the day it was counted on.
  const updated = await parcelFlows.around(tx, [row.id], () =>
    parcelsRepository.correctOne(tx, row.id, row.statusId, { ...set, statusId: ids[to], updatedAt: nextVersion(row.updatedAt) }),
  );
  if (!updated) throw new AppError('stale_write');
  if (updated.currency !== null) params.currency = updated.currency;
  await recordEvents(tx, [updated], to, actor, {
    action: 'corrected',
    details: { kind: input.kind, reason, notice: params },
    before,
    notify: false,
  });
  if (updated.userId !== null)
    await tell(tx, actor, [{ userId: updated.userId, event: 'order_corrected', params: { ...params }, link: orderLink(updated.id) }]);
  return { orderIds: [updated.id], undoneReceipt: null };
}
