import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, parcelReaddresses } from '../../db/schema';
import { notifyStatus, type NotifiableOrder } from './parcel-notifications';

/**
 * What a re-addressed arrival leaves besides its history event (the parcels module's own table and messages): one
 * `parcel_readdresses` row per parcel, which the branch it was going to reads as its worklist `readdressed` (who took
 * it, when, why), and the owner's arrival message naming both branches ("your pickup branch changed") instead of the
 * plain one. Called inside the arrival's transaction.
 */
export async function recordReaddresses(
  tx: DbOrTx,
  moved: (NotifiableOrder & { userId: number | null; branchId: number | null })[],
  from: Map<number, number>,
  to: number,
  reason: string,
  actorUserId: number | null,
): Promise<void> {
  if (!moved.length) return;
  await tx
    .insert(parcelReaddresses)
    .values(moved.map((o) => ({ orderId: o.id, fromBranchId: from.get(o.id)!, toBranchId: to, reason, actorUserId })));
  const fromIds = [...new Set(moved.map((o) => from.get(o.id)!))];
  const names = new Map(
    (await tx.select({ id: branches.id, name: branches.name }).from(branches).where(inArray(branches.id, fromIds))).map((b) => [
      b.id,
      b.name,
    ]),
  );
  await notifyStatus(tx, moved, 'at_branch', (o) => ({ redirected_from: names.get(from.get(o.id)!) ?? null }));
}
