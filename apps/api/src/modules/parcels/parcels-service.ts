import type { DbOrTx } from '../../db/client';
import { arrive } from './arrive';
import { claim } from './claim';
import { correct } from './correct';
import { holdForCustoms, releaseFromCustoms } from './customs-hold';
import { dispatch } from './dispatch';
import { customsGaps, dispatchTransaction } from './customs-gate';
import { assignDisputed, dispute, releaseDisputed } from './dispute';
import { extendStorage } from './extend-storage';
import { handOver } from './hand-over';
import { parcelPhotosRepository } from './parcel-photos';
export { toParcelPhotos } from './parcel-photos';
import { parcelsRepository } from './parcels-repository';
import { receive } from './receive';
import { lockWithStatus, priceAt, reweigh } from './reweigh';
import { resolveScans } from './scan-codes';
import { existingIds, unreceive } from './unreceive';

export type { ParcelPhotoRow, PhotoKeys } from './parcel-photos';
export type { Actor, ClaimingUser, CorrectionOutcome, LifecycleOrderRow, OwnerSource, ReceiveInput } from './parcel-types';

/**
 * The parcels module's door: the only code that writes parcels (orders), their history (order_events), re-addresses
 * and receipts, all through `parcels-repository.ts` and its sibling repositories (receipts:
 * `parcel-receipts-repository.ts`). One file per transition holds its rules: `receive.ts`, `claim.ts`
 * (customer's claim, staff's assignment), `dispute.ts` (hold, assign, release), `dispatch.ts`, `arrive.ts`,
 * `hand-over.ts`, `correct.ts` and `undo-handover.ts`. Every transition checks the allowed previous status (the
 * contract's NEXT_STATUS, through previousStatus), sets its timestamp, writes one event per parcel with the actor and
 * the place (`parcel-history.ts`), keeps the flows per day (`parcel-flows.ts`) and tells the owner through
 * `parcel-notifications.ts` (the one seam into the notifications module). Callers own the transaction; races are
 * decided by the guarded UPDATE … WHERE status. The module calls no caller back: saved codes (the tracks module's)
 * are linked by whoever claims, assigns or receives.
 */
export const parcels = {
  /** What scanned texts name: a tracking code, or our number P… (check digit checked; issue 35, ADR 079). */
  resolveScans,
  /**
   * Locks one tracking code until the transaction ends. Receipt, saving a code and assigning a dispute take it first:
   * whoever comes second sees what the first did, so two saves and a receipt racing never leave the parcel with one
   * saver silently (ADR 021). It shares the receipts lock, so it waits while an import commit runs.
   */
  lockCode: (tx: DbOrTx, code: string) => parcelsRepository.lockCode(tx, code),
  /**
   * Locks every tracking code at once (an import commit of up to thousands of codes): one lock, not one per code,
   * which PostgreSQL's lock table could not hold; the work on single codes waits until the import is committed.
   */
  lockAllCodes: (tx: DbOrTx) => parcelsRepository.lockAllCodes(tx),
  receive,
  /** Takes back an undone import's parcels while none has moved on (ADR 074). */
  unreceive,
  existingIds,
  claim,
  dispute,
  assignDisputed,
  releaseDisputed,
  dispatch,
  /** Every dispatch's transaction (ADR 084): a customs refusal tells the owners after the rollback. */
  dispatchTransaction,
  /** Which listed parcels the customs gate would refuse, and why (the dispatch screen's marks; no lock). */
  customsGaps: (db: DbOrTx, rows: Parameters<typeof customsGaps>[1]) => customsGaps(db, rows, false),
  arrive,
  handOver,
  /** Keeps a waiting parcel longer (ADR 093): one guarded UPDATE of its last free day, null when it no longer waits so. */
  extendStorage,
  correct,
  /** Held by customs and released (issue 36, ADR 085): one guarded UPDATE each; arrival refuses a held parcel. */
  holdForCustoms,
  releaseFromCustoms,
  /**
   * Branch weighing (ADR 089): the parcel locked with its status, its price at another weight by the arrival rule, and
   * the branch weight made its weight and price (only while at_branch).
   */
  lockWithStatus,
  priceAt,
  reweigh,
  /** The customer names their parcel (their own only). */
  rename: parcelsRepository.rename,
  /** Gives a parcel the customer's name for it when it has none yet (saving a code names the parcel it matches). */
  nameIfEmpty: parcelsRepository.nameIfEmpty,
  /** Archives the customer's parcel (keeping the first time) or brings it back. */
  setArchived: parcelsRepository.setArchived,
  /** Photos by kind (ADR 081): link (capped per kind under the parcel's lock), read, and what the cleanup keeps. */
  addPhotos: parcelPhotosRepository.add,
  photosOf: parcelPhotosRepository.of,
  photoReferences: parcelPhotosRepository.references,
};
