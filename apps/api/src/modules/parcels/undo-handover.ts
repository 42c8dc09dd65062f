import type { Tx } from '../../db/client';
import { branchesRepository } from '../branches/branches-repository';
import { paymentsService } from '../payments/payments-service';
import { parcelFlows } from './parcel-flows';
import { statusIds } from './parcel-statuses';
import type { Actor, CorrectionOutcome, LifecycleOrderRow } from './parcel-types';
import { parcelReceiptsRepository } from './parcel-receipts-repository';
import type { ParcelRow } from './parcels-repository';

/** A new updated_at that differs from the old one even at millisecond precision (the version a correction compares). */
export const nextVersion = (previous: Date) => new Date(Math.max(Date.now(), previous.getTime() + 1));

/**
 * An undone hand-over (ADR 062): the receipt's delivered parcels go back to at_branch (delivered_at and receipt_id
 * cleared), the receipt is marked undone (it stays, showing it), and the payments module reverses its charge and
 * returns its payments in this transaction. The rows are locked first (in id order) so racing undos wait. The
 * correction that asked for it writes the events and tells the owner.
 */
export async function undoHandover(
  tx: Tx,
  asked: ParcelRow,
  reason: string,
  actor: Actor & { userId: number },
): Promise<{ rows: LifecycleOrderRow[]; receipt: CorrectionOutcome['undoneReceipt'] }> {
  const ids = await statusIds(tx);
  const receiptId = asked.receiptId;
  const receipt = receiptId !== null ? await parcelReceiptsRepository.lockReceipt(tx, receiptId) : undefined;
  const members = receiptId !== null ? await parcelReceiptsRepository.lockReceiptParcels(tx, receiptId, ids.delivered) : [];
  const orderIds = [asked.id, ...members.filter((id) => id !== asked.id)];
  // Their deliveries no longer count on the dashboard's days.
  const moved = await parcelFlows.around(tx, orderIds, () =>
    parcelReceiptsRepository.backToBranch(
      tx,
      orderIds,
      { delivered: ids.delivered, atBranch: ids.at_branch },
      nextVersion(asked.updatedAt),
    ),
  );
  if (!receipt) return { rows: moved, receipt: null };
  await parcelReceiptsRepository.markReceiptUndone(tx, receipt.id, reason);
  const branch = await branchesRepository.findById(tx, receipt.branchId);
  if (!branch) throw new Error(`receipt ${receipt.id} names unknown branch ${receipt.branchId}`);
  const money = await paymentsService.undoHandover(tx, {
    receiptId: receipt.id,
    customerId: receipt.userId,
    branch,
    reason,
    adminUserId: actor.userId,
  });
  return {
    rows: moved,
    receipt: { id: receipt.id, chargeReversed: money.chargeReversed, paymentsReturned: money.paymentsReturned, currency: receipt.currency },
  };
}
