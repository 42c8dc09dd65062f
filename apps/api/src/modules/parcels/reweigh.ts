import { chargedPriceMinor, toMajorOrNull, type TOrderStatusCode } from '@portal/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CorrectionParams } from '../notifications/notification-texts';
import { recordEvents } from './parcel-history';
import { statusCodeOf, statusIds } from './parcel-statuses';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { parcelsRepository, type ParcelRow } from './parcels-repository';
import { nextVersion } from './undo-handover';

/** The weight a parcel is charged by: the larger of the actual and the volumetric weight kept at receipt. */
const chargeableOf = (weight: number, volumetric: number | null) => (volumetric !== null && volumetric > weight ? volumetric : weight);

/** One parcel locked for update, with its status code (the weights module decides under this lock); null when unknown. */
export async function lockWithStatus(tx: Tx, id: number): Promise<{ row: ParcelRow; status: TOrderStatusCode } | null> {
  const row = await parcelsRepository.lockOne(tx, id);
  return row ? { row, status: await statusCodeOf(tx, row.statusId) } : null;
}

/**
 * The price the parcel would have at `weightKg` by the arrival rule: chargeable = max(weightKg, the volumetric weight
 * kept at receipt) × its tariff, rounded once to its currency's step (chargedPriceMinor); null while unpriced.
 */
export function priceAt(row: Pick<ParcelRow, 'tariff' | 'currency' | 'volumetricWeight'>, weightKg: number): number | null {
  if (row.tariff === null) return null;
  return chargedPriceMinor(chargeableOf(weightKg, row.volumetricWeight), row.tariff, row.currency);
}

/**
 * The branch weighing becomes the parcel's weight (issue 36, ADR 089): its weight and, priced, its price by the
 * arrival rule (priceAt), only while it waits at its branch (guarded UPDATE on the status; the caller holds the row's
 * lock from lockWithStatus). One 'corrected' event (kind weight, source branch_weight, the customer's sentence
 * "Weight corrected: 2 kg → 2.4 kg. To pay: …" in its details; an audit row when staff did it). Nobody is told here:
 * the weights module sends its own message with both weights.
 */
export async function reweigh(tx: Tx, row: ParcelRow, weightKg: number, actor: Actor): Promise<LifecycleOrderRow> {
  const ids = await statusIds(tx);
  if (row.statusId !== ids.at_branch) throw new AppError('weight_not_at_branch');
  const price = priceAt(row, weightKg);
  const updated = await parcelsRepository.correctOne(tx, row.id, ids.at_branch, {
    weight: weightKg,
    price,
    updatedAt: nextVersion(row.updatedAt),
  });
  if (!updated) throw new AppError('weight_not_at_branch');
  const notice: CorrectionParams = {
    correction: 'weight',
    order_id: row.id,
    track_code: row.trackCode,
    name: row.name,
    currency: row.currency,
    weight: weightKg,
    previous_weight: row.weight,
    chargeable_weight: chargeableOf(weightKg, row.volumetricWeight),
    previous_chargeable_weight: chargeableOf(row.weight, row.volumetricWeight),
    price: toMajorOrNull(price),
    previous_price: toMajorOrNull(row.price),
  };
  await recordEvents(tx, [updated], 'at_branch', actor, {
    action: 'corrected',
    details: { kind: 'weight', source: 'branch_weight', notice },
    before: { status: 'at_branch', weight: row.weight, price: toMajorOrNull(row.price) },
    notify: false,
  });
  return updated;
}
