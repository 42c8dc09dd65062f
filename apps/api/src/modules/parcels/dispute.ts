import type { DbOrTx } from '../../db/client';
import { parcelFlows } from './parcel-flows';
import { recordEvents, statusOf, tellSavers } from './parcel-history';
import { statusIds } from './parcel-statuses';
import type { Actor, ClaimingUser, LifecycleOrderRow } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * Disputed codes (ADR 021). A second customer saved the code of a parcel its owner has only because they saved it
 * (owner_source 'saved_track'), before it was handed over: it is taken back from the owner and held as disputed (no
 * owner), one 'disputed' event, every saver told it is being checked. Guarded (owner, source, not delivered, not
 * disputed): null when the parcel is not such a parcel any more. The caller unlinks the former owner's saved code.
 */
export async function dispute(
  tx: DbOrTx,
  orderId: number,
  ownerId: number,
  saverIds: number[],
  actor: Actor,
): Promise<LifecycleOrderRow | null> {
  const ids = await statusIds(tx);
  const held = await parcelsRepository.holdDisputed(tx, orderId, ownerId, ids.delivered);
  if (!held) return null;
  const code = await statusOf(tx, held);
  await recordEvents(tx, [held], code, actor, {
    action: 'disputed',
    notify: false,
    before: { status: code, user_id: ownerId },
    details: { reason: 'saved_again', savers: saverIds.length, previous_user_id: ownerId },
  });
  await tellSavers(tx, actor, saverIds, held.trackCode, 'checking');
  return held;
}

/**
 * Staff give a disputed parcel to one of its savers after checking (`note`: what they checked). Guarded by
 * WHERE disputed_at IS NOT NULL AND user_id IS NULL, so of concurrent assignments exactly one wins (null for the
 * others). The owner is told as for any assignment; the other savers that it went to another account. The caller
 * links the owner's saved code.
 */
export async function assignDisputed(
  tx: DbOrTx,
  orderId: number,
  user: ClaimingUser,
  otherSaverIds: number[],
  note: string,
  actor: Actor,
): Promise<LifecycleOrderRow | null> {
  const ids = await statusIds(tx);
  // The branch may change: its flows so far go with it.
  const assigned = await parcelFlows.around(tx, [orderId], () => parcelsRepository.assignDisputed(tx, orderId, user, ids.china_warehouse));
  if (!assigned) return null;
  const code = await statusOf(tx, assigned);
  await recordEvents(tx, [assigned], code, actor, {
    action: 'assigned',
    before: { status: code, user_id: null, disputed: true },
    details: { dispute: true, note, savers: otherSaverIds.length + 1 },
  });
  await tellSavers(
    tx,
    actor,
    otherSaverIds.filter((id) => id !== user.id),
    assigned.trackCode,
    'not_yours',
  );
  return assigned;
}

/**
 * Releases a disputed parcel nobody saves any more to the unclaimed parcels (`note`: why), guarded like
 * assignDisputed (of concurrent releases and assignments exactly one wins; null for the others). Nobody is told: no
 * customer saves the code.
 */
export async function releaseDisputed(tx: DbOrTx, orderId: number, note: string, actor: Actor): Promise<LifecycleOrderRow | null> {
  const released = await parcelsRepository.releaseDisputed(tx, orderId);
  if (!released) return null;
  const code = await statusOf(tx, released);
  await recordEvents(tx, [released], code, actor, {
    action: 'dispute_released',
    before: { status: code, user_id: null, disputed: true },
    details: { note },
    notify: false,
  });
  return released;
}
