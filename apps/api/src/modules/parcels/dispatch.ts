import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { CustomsIdMissing, customsGaps } from './customs-gate';
import { fixPremiums, premiumDetails } from './insurance-at-dispatch';
import { parcelFlows } from './parcel-flows';
import { move, recordEvents } from './parcel-history';
import type { Actor, LifecycleOrderRow } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * china_warehouse → in_transit for the owned parcels matching `where`. With a flight, only the parcels addressed to one
 * of its destination branches move, and they are put on it. The customs gate (ADR 084): when the owner of any parcel
 * that moved lacks the personal number its branch's country needs (read under the owner's FOR SHARE lock), nothing
 * moves: 422 customs_id_missing naming them (the caller's `dispatchTransaction` tells the owners after the rollback).
 * of its destination branches move, and they are put on it. Each is charged from now on with the insurance premium of
 * its owner's insured declaration, fixed here in this transaction (fixPremiums, ADR 090).
 */
export async function dispatch(
  tx: DbOrTx,
  where: SQL,
  actor: Actor,
  details: Record<string, unknown> = {},
  flight?: { id: number; branchIds: number[] },
): Promise<LifecycleOrderRow[]> {
  const moved = await move(tx, 'in_transit', parcelsRepository.dispatchable(where, flight?.branchIds), {
    dispatchedAt: new Date(),
    ...(flight ? { flightId: flight.id } : {}),
  });
  // Checked on exactly what moved (the guarded UPDATE's rows), so the set checked is the set dispatched.
  const blocked = await customsGaps(tx, moved, true);
  if (blocked.length) throw new CustomsIdMissing(blocked);
  // After the guarded UPDATE (the rows are locked): the premium each is charged with, from its owner's declaration.
  const premiums = await fixPremiums(tx, moved);
  await parcelFlows.add(
    tx,
    moved.map((o) => o.id),
    ['dispatched'],
  );
  await recordEvents(tx, moved, 'in_transit', actor, {
    action: 'dispatched',
    details: { place: 'china_warehouse', batch: moved.length, ...(flight ? { flight_id: flight.id } : {}), ...details },
    detailsOf: (o) => premiumDetails(premiums.get(o.id)),
  });
  return moved;
}
