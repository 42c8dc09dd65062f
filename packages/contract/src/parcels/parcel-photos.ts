import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';

/**
 * A parcel photo's kind (ADR 081): taken at receipt in China (intake), of damage seen by any staff at any time
 * (arrival, stock-taking…), or at the counter when the parcel is handed over.
 */
export const PARCEL_PHOTO_KINDS = ['intake', 'damage', 'handover'] as const;
export const ZParcelPhotoKind = z.enum(PARCEL_PHOTO_KINDS);
export type TParcelPhotoKind = z.infer<typeof ZParcelPhotoKind>;

/** One photo of a parcel as someone allowed to see it gets it: short-lived signed addresses, never a lasting one. */
export const ZParcelPhoto = z.object({
  id: z.number().int(),
  kind: ZParcelPhotoKind,
  /** The photo (at most PHOTO_MAX_SIDE px), a signed address valid for minutes. */
  url: z.string(),
  /** Its thumbnail (at most PHOTO_THUMB_SIDE px) for lists, signed likewise. */
  thumb_url: z.string(),
  /** ISO 8601. */
  taken_at: z.string(),
  /** Who took it (staff see the name; customers get null). */
  taken_by: z.string().nullable(),
});
export type TParcelPhoto = z.infer<typeof ZParcelPhoto>;

/** POST manage/parcels/{id}/photos?kind=… (multipart "photos"): adds photos of one kind to a parcel. */
export const ZParcelPhotosParams = z.strictObject({ id: ZId });
export const ZParcelPhotosQuery = z.strictObject({ kind: ZParcelPhotoKind });
/** Every photo of the parcel after the addition, oldest first. */
export const ZParcelPhotosResponse = ZData(z.object({ photos: z.array(ZParcelPhoto) }));
export type TParcelPhotosResponse = z.infer<typeof ZParcelPhotosResponse>;
