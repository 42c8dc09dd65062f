/** The one photo-type rule: what a parcel photo may be, its file extension, and how its bytes start. */
export const PHOTO_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type TPhotoMime = keyof typeof PHOTO_TYPES;
export type TPhotoKind = (typeof PHOTO_TYPES)[TPhotoMime];
export const PHOTO_MIME_TYPES = Object.keys(PHOTO_TYPES) as TPhotoMime[];
/** For `<input type="file" accept>`. */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
/** Photos of one parcel per kind (intake, damage, hand-over: ADR 081), each upload at most this size. */
export const MAX_PARCEL_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** An upload with more pixels than this is refused before it is decoded (decompression bombs): 413 photo_too_many_pixels. */
export const MAX_PHOTO_INPUT_PIXELS = 50_000_000;
/** Stored photos fit in this square (longest side, px); thumbnails for lists in the smaller one. */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_THUMB_SIDE = 320;
/**
 * What manage/photos answers and manage/receive takes: a processed photo's (unsigned) address. It is an identifier,
 * not a link: parcel photos are served only by the signed addresses a parcel's answer carries (ADR 081).
 */
export const PHOTO_URL_PATTERN = /^\/uploads\/parcels\/[a-f0-9]{32}\.webp$/;

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The photo type of these bytes by their signature (never by the name or the declared type), or null. */
export function sniffPhoto(bytes: Uint8Array): TPhotoKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
