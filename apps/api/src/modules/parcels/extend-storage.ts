import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { recordEvents } from './parcel-history';
import { statusIds } from './parcel-statuses';
import type { LifecycleOrderRow } from './parcel-types';
import { lifecycleColumns } from './parcels-repository';

/** What a storage extension names in the parcel's history (ADR 093): the provider and its reference when paid online. */
export interface StorageExtension {
  parcelId: number;
  userId: number;
  branchId: number;
  /** The last free day the customer saw when asking: the parcel moves only while it is still this. */
  from: string;
  /** The new last free day. */
  until: string;
  paid?: { amount: number; currency: string; provider: string; providerRef: string | null };
}

/**
 * Keeps a waiting parcel longer (ADR 093): ONE guarded UPDATE moves `storage_until` from `from` to `until` only while the
 * parcel is the customer's, at their branch (at_branch) and its last free day is still `from`, so an extension racing a
 * hand-over, a second extension or a correction resolves by the row lock — the loser moves nothing and answers null
 * (the caller refuses or refunds). The winner leaves one history event `storage_extended` (the timeline's sentence).
 */
export async function extendStorage(tx: DbOrTx, ext: StorageExtension): Promise<LifecycleOrderRow | null> {
  const ids = await statusIds(tx);
  const [row] = await tx
    .update(orders)
    .set({ storageUntil: ext.until, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, ext.parcelId),
        eq(orders.userId, ext.userId),
        eq(orders.branchId, ext.branchId),
        eq(orders.statusId, ids.at_branch),
        eq(orders.storageUntil, ext.from),
      ),
    )
    .returning(lifecycleColumns);
  if (!row) return null;
  await recordEvents(
    tx,
    [row],
    'at_branch',
    { userId: ext.userId, branchId: ext.branchId },
    {
      action: 'storage_extended',
      notify: false,
      details: {
        from: ext.from,
        to: ext.until,
        ...(ext.paid
          ? { amount: ext.paid.amount, currency: ext.paid.currency, provider: ext.paid.provider, provider_ref: ext.paid.providerRef }
          : {}),
      },
    },
  );
  return row;
}
