import type { DbOrTx } from '../../db/client';
import { parcelFlows } from './parcel-flows';
import { recordEvents, statusOf } from './parcel-history';
import { statusIds } from './parcel-statuses';
import type { Actor, ClaimingUser, LifecycleOrderRow, OwnerSource } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * Gives an unclaimed parcel (user_id null) to a customer: branch_id becomes the customer's branch while the parcel is
 * still at the China warehouse (or has none); one event ('claimed' when the customer saved the code, 'assigned' when
 * staff did it) with the current status; the new owner is told. Guarded by WHERE user_id IS NULL AND disputed_at IS
 * NULL: of concurrent claims exactly one wins; null for the others. The caller links the owner's saved code.
 */
export async function claim(
  tx: DbOrTx,
  orderId: number,
  user: ClaimingUser,
  actor: Actor,
  action: 'claimed' | 'assigned',
  source: OwnerSource,
): Promise<LifecycleOrderRow | null> {
  const ids = await statusIds(tx);
  // The branch may change: its flows so far go with it.
  const claimed = await parcelFlows.around(tx, [orderId], () => parcelsRepository.claim(tx, orderId, user, source, ids.china_warehouse));
  if (!claimed) return null;
  const code = await statusOf(tx, claimed);
  await recordEvents(tx, [claimed], code, actor, { action, before: { status: code, user_id: null } });
  return claimed;
}
