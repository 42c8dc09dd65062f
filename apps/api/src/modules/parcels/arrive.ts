import { and, inArray } from 'drizzle-orm';
import { toMajor } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches } from '../../db/schema';
import type { BranchRow } from '../branches/branches-repository';
import { notCustomsHeld } from './customs-hold';
import { parcelFlows } from './parcel-flows';
import { move, recordEvents } from './parcel-history';
import { notifyStatus } from './parcel-notifications';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * in_transit → at_branch at `branch`: price = chargeable weight (the larger of the actual and the volumetric weight
 * recorded at receipt) × the branch tariff, in minor units rounded half up (numeric round in the database, the same as
 * the contract's chargeableWeightKg and priceMinorFor), storage until the given day.
 * `readdressed` names the branch each re-addressed parcel was going to and the staff's reason (ADR 022): kept in its
 * event and audit row, in `parcel_readdresses` (the losing branch's worklist), and told to the owner with both branches.
 */
export async function arrive(
  tx: DbOrTx,
  orderIds: number[],
  branch: Pick<BranchRow, 'id' | 'tariff' | 'currency'> & { storageFeePerDay?: number },
  storageUntil: string,
  actor: Actor,
  readdressed: { from: Map<number, number>; reason: string } = { from: new Map(), reason: '' },
): Promise<LifecycleOrderRow[]> {
  const redirectedFrom = readdressed.from;
  if (!orderIds.length) return [];
  // Arrival counts at this branch, and a re-addressed parcel's earlier flows move here with it. A parcel held by
  // customs never arrives (ADR 085): the guarded UPDATE leaves it in transit, whichever path asked (scan, bag, flight).
  const moved = await parcelFlows.around(tx, orderIds, () =>
    move(
      tx,
      'at_branch',
      and(parcelsRepository.byIds(orderIds), notCustomsHeld())!,
      parcelsRepository.arrivalSet(branch, storageUntil, new Date()),
    ),
  );
  const where = { ...actor, branchId: branch.id };
  // History details keep the tariff as every event since the first has (major units, as answers show it).
  const details = { tariff: toMajor(branch.tariff), currency: branch.currency };
  await recordEvents(
    tx,
    moved.filter((o) => !redirectedFrom.has(o.id)),
    'at_branch',
    where,
    { action: 'arrived', details },
  );
  const away = moved.filter((m) => redirectedFrom.has(m.id));
  for (const o of away) {
    await recordEvents(tx, [o], 'at_branch', where, {
      action: 'arrived',
      details: { ...details, redirected_from: redirectedFrom.get(o.id) ?? null, reason: readdressed.reason },
      notify: false,
    });
  }
  await recordReaddresses(tx, away, redirectedFrom, branch.id, readdressed.reason, actor);
  return moved;
}

/**
 * What a re-addressed arrival leaves besides its history event: one `parcel_readdresses` row per parcel, which the
 * branch it was going to reads as its worklist `readdressed` (who took it, when, why), and the owner's arrival
 * message naming both branches ("your pickup branch changed") instead of the plain one.
 */
async function recordReaddresses(
  tx: DbOrTx,
  moved: LifecycleOrderRow[],
  from: Map<number, number>,
  to: number,
  reason: string,
  actor: Actor,
): Promise<void> {
  if (!moved.length) return;
  await parcelsRepository.insertReaddresses(
    tx,
    moved.map((o) => ({ orderId: o.id, fromBranchId: from.get(o.id)!, toBranchId: to, reason, actorUserId: actor.userId })),
  );
  if (actor.quiet) return;
  const fromIds = [...new Set(moved.map((o) => from.get(o.id)!))];
  const names = new Map(
    (await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, fromIds))).map((b) => [
      b.id,
      b.name,
    ]),
  );
  await notifyStatus(tx, moved, 'at_branch', (o) => ({ redirected_from: names.get(from.get(o.id)!) ?? null }));
}
