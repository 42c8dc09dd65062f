import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { MAX_PARCEL_PHOTOS, type TParcelPhoto, type TParcelPhotoKind } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { orders, parcelPhotos, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A photo to link: the keys the uploads service stored it under. */
export interface PhotoKeys {
  key: string;
  thumbKey: string;
}

export interface ParcelPhotoRow {
  id: number;
  orderId: number;
  kind: TParcelPhotoKind;
  key: string;
  thumbKey: string;
  takenAt: Date;
  takenByName: string | null;
}

const KIND_ORDER = sql`array_position(array['intake','damage','handover']::text[], ${parcelPhotos.kind})`;

/** A parcel's photos by kind (ADR 081): the parcels module alone writes `parcel_photos`. */
export const parcelPhotosRepository = {
  /**
   * Links photos of one kind to a parcel, at most MAX_PARCEL_PHOTOS per parcel and kind: the parcel's row is locked
   * first, so simultaneous additions count one after another (409 photo_limit, nothing added). False when there is
   * no such parcel. A key linked already stays where it is.
   */
  async add(tx: DbOrTx, orderId: number, kind: TParcelPhotoKind, photos: PhotoKeys[], takenBy: number | null): Promise<boolean> {
    const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) return false;
    if (!photos.length) return true;
    const [had] = await tx
      .select({ n: count() })
      .from(parcelPhotos)
      .where(and(eq(parcelPhotos.orderId, orderId), eq(parcelPhotos.kind, kind)));
    if ((had?.n ?? 0) + photos.length > MAX_PARCEL_PHOTOS) throw new AppError('photo_limit');
    await tx
      .insert(parcelPhotos)
      .values(photos.map((p) => ({ orderId, kind, key: p.key, thumbKey: p.thumbKey, takenBy })))
      .onConflictDoNothing();
    return true;
  },

  /** The photos of these parcels: intake, damage, hand-over, each oldest first. */
  async of(db: DbOrTx, orderIds: number[]): Promise<ParcelPhotoRow[]> {
    if (!orderIds.length) return [];
    return db
      .select({
        id: parcelPhotos.id,
        orderId: parcelPhotos.orderId,
        kind: parcelPhotos.kind,
        key: parcelPhotos.key,
        thumbKey: parcelPhotos.thumbKey,
        takenAt: parcelPhotos.takenAt,
        takenByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      })
      .from(parcelPhotos)
      .leftJoin(users, eq(users.id, parcelPhotos.takenBy))
      .where(inArray(parcelPhotos.orderId, orderIds))
      .orderBy(asc(parcelPhotos.orderId), KIND_ORDER, asc(parcelPhotos.id));
  },

  /** Which of these upload URLs (`/uploads/<key>`) some parcel's photo or thumbnail still is (the uploads cleanup keeps those). */
  async references(db: DbOrTx, urls: string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const keys = urls.map((u) => u.slice('/uploads/'.length));
    const rows = await db
      .select({ key: parcelPhotos.key, thumbKey: parcelPhotos.thumbKey })
      .from(parcelPhotos)
      .where(or(inArray(parcelPhotos.key, keys), inArray(parcelPhotos.thumbKey, keys)));
    const used = new Set<string>();
    for (const r of rows) used.add(`/uploads/${r.key}`).add(`/uploads/${r.thumbKey}`);
    return used;
  },
};

/** Photos as the API answers them: addresses signed now by `sign` (uploads/media-urls.ts); names for staff only. */
export function toParcelPhotos(
  rows: ParcelPhotoRow[],
  sign: (key: string) => Promise<string>,
  withNames: boolean,
): Promise<TParcelPhoto[]> {
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      kind: r.kind,
      url: await sign(r.key),
      thumb_url: await sign(r.thumbKey),
      taken_at: r.takenAt.toISOString(),
      taken_by: withNames ? r.takenByName : null,
    })),
  );
}
