import { eq } from 'drizzle-orm';
import type { TParcelPhoto, TParcelPhotoKind } from '@portal/contract';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { parcels, toParcelPhotos, type PhotoKeys } from '../parcels/parcels-service';
import type { MediaUrls } from '../uploads/media-urls';
import type { UserRow } from '../users/users-repository';
import { manageRepository } from './manage-repository';

/** Where a parcel is, as far as who may see its photos is concerned. */
export interface PhotoScope {
  branchId: number | null;
  customerBranchId: number | null;
}

/**
 * Who may see a parcel's photos (ADR 081): admins and the China warehouse every parcel; a branch's staff the parcels
 * addressed to their branch or owned by one of its customers. Anyone else gets no photo and no address.
 */
export function maySeePhotos(user: UserRow, p: PhotoScope): boolean {
  if (user.role === 'admin') return true;
  if (user.role !== 'staff') return false;
  if (user.placeKind === 'china_warehouse') return true;
  const own = user.placeKind === 'branch' ? user.placeBranchId : null;
  return own !== null && (p.branchId === own || p.customerBranchId === own);
}

/** Which kinds a staff member may add: intake at the China warehouse, hand-over at a branch's counter, damage anyone. */
export function mayAddKind(user: UserRow, kind: TParcelPhotoKind): boolean {
  if (user.role === 'admin' || kind === 'damage') return true;
  return kind === 'intake' ? user.placeKind === 'china_warehouse' : user.placeKind === 'branch';
}

export const parcelPhotosService = {
  /** The parcel's photos for a staff member, or none when they may not see them. */
  async forStaff(
    db: Db,
    user: UserRow,
    orderId: number,
    scope: PhotoScope,
    urls: MediaUrls,
  ): Promise<{ allowed: boolean; photos: TParcelPhoto[] }> {
    const allowed = maySeePhotos(user, scope);
    return { allowed, photos: allowed ? await toParcelPhotos(await parcels.photosOf(db, [orderId]), (k) => urls.address(k), true) : [] };
  },

  /**
   * Adds stored photos of one kind to a parcel: 404 when the parcel is not one the staff member may see, 403 for a
   * kind not theirs, 409 photo_limit past MAX_PARCEL_PHOTOS of the kind (then nothing is linked). Audited.
   */
  async add(
    db: Db,
    user: UserRow,
    audit: AuditActor,
    orderId: number,
    kind: TParcelPhotoKind,
    photos: PhotoKeys[],
    urls: MediaUrls,
  ): Promise<TParcelPhoto[]> {
    const [row] = await manageRepository.parcels(db, eq(orders.id, orderId), { limit: 1 });
    if (!row || !maySeePhotos(user, { branchId: row.branchId, customerBranchId: row.customerBranchId })) throw notFound();
    if (!mayAddKind(user, kind)) throw forbidden();
    await db.transaction(async (tx) => {
      if (!(await parcels.addPhotos(tx, orderId, kind, photos, user.id))) throw notFound();
      await recordAudit(tx, {
        actor: audit,
        action: 'parcel.photo_add',
        targetType: 'order',
        targetId: String(orderId),
        after: { kind, keys: photos.map((p) => p.key) },
      });
    });
    return toParcelPhotos(await parcels.photosOf(db, [orderId]), (k) => urls.address(k), true);
  },
};
