import sharp from 'sharp';
import { MAX_PHOTO_INPUT_PIXELS, PHOTO_MAX_SIDE, PHOTO_THUMB_SIDE } from '@portal/contract';
import { AppError } from '../../lib/app-error';

/** A photo as it is stored: the picture and its thumbnail, both WebP without any metadata. */
export interface ProcessedPhoto {
  photo: Buffer;
  thumb: Buffer;
}

const WEBP = { quality: 80, effort: 3 } as const;

/**
 * Makes an uploaded parcel photo fit to keep and show (ADR 081): refuses more than MAX_PHOTO_INPUT_PIXELS before
 * decoding (a decompression bomb: 413 photo_too_many_pixels) and anything sharp cannot decode (422 photo_invalid),
 * turns it upright by its EXIF orientation, then writes it again without any metadata (sharp keeps none unless asked:
 * no GPS position, camera or time), at most PHOTO_MAX_SIDE px as WebP, plus a PHOTO_THUMB_SIDE px thumbnail.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const input = { limitInputPixels: MAX_PHOTO_INPUT_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (error) {
    throw refusal(error);
  }
  // The header's size is checked first, so such a file is never decoded; sharp's own limit below holds as well.
  if (!meta.width || !meta.height) throw new AppError('photo_invalid');
  if (meta.width * meta.height > MAX_PHOTO_INPUT_PIXELS) throw new AppError('photo_too_many_pixels');
  try {
    // One pipeline per output from the original bytes (no intermediate re-encoding): upright, fitted, WebP.
    const upright = sharp(bytes, input).rotate();
    const fit = (side: number) => upright.clone().resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer();
    const [photo, thumb] = await Promise.all([fit(PHOTO_MAX_SIDE), fit(PHOTO_THUMB_SIDE)]);
    return { photo, thumb };
  } catch (error) {
    throw refusal(error);
  }
}

/** sharp's failure as the caller's 4xx: its pixel limit → 413, anything it cannot read → 422. */
const refusal = (error: unknown) =>
  new AppError(/pixel limit/i.test(String((error as Error).message)) ? 'photo_too_many_pixels' : 'photo_invalid');
