import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, savedTracks } from '../../db/schema';
import { recordStatusChange, statusCodeById, statusIds, type Actor } from './order-lifecycle';
import { lifecycleColumns, type LifecycleOrderRow } from './orders-repository';

/** The customer an unclaimed parcel is attached to. */
export interface ClaimingUser {
  id: number;
  branchId: number | null;
}

/**
 * Attaches an unclaimed order (user_id null) to a customer, inside the caller's transaction:
 * - sets user_id, and branch_id to the customer's branch while the parcel is still at the China warehouse
 *   (or has no branch yet); once dispatched it keeps the branch it is physically travelling to / lying at;
 * - links the customer's saved track for that code, if they have one (creates none otherwise);
 * - records an order_events row (`action`: 'claimed' when the customer saved the code, 'assigned' when staff did it)
 *   with the order's current status, and notifies the new owner in their language.
 *
 * Guarded by `WHERE user_id IS NULL`: of concurrent claims exactly one wins. Returns the claimed order,
 * or null when somebody else got it first (or the order does not exist).
 */
export async function claimOrder(
  tx: DbOrTx,
  order: { id: number },
  user: ClaimingUser,
  actor: Actor,
  action: 'claimed' | 'assigned',
): Promise<LifecycleOrderRow | null> {
  const ids = await statusIds(tx);
  const branch =
    user.branchId === null
      ? orders.branchId
      : sql`case when ${orders.statusId} = ${ids.china_warehouse} or ${orders.branchId} is null then ${user.branchId}::integer else ${orders.branchId} end`;
  const [claimed] = await tx
    .update(orders)
    .set({ userId: user.id, branchId: branch, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.userId)))
    .returning(lifecycleColumns);
  if (!claimed) return null;

  await tx
    .update(savedTracks)
    .set({ orderId: claimed.id })
    .where(and(eq(savedTracks.userId, user.id), eq(savedTracks.trackCode, claimed.trackCode)));

  const code = (await statusCodeById(tx)).get(claimed.statusId);
  if (!code) throw new Error(`order ${claimed.id} has unknown status id ${claimed.statusId}`);
  await recordStatusChange(tx, [claimed], code, actor, { action, notify: true });
  return claimed;
}
