import type { FastifyRequest } from 'fastify';
import { MAX_PARCEL_PHOTOS, MAX_PHOTO_BYTES } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { StoredPhoto, Uploads } from '../uploads/uploads-service';
import { multipartError } from './works/route-kit';

/**
 * Reads the multipart "photos" of a request and stores each processed (upright, no metadata, resized, a thumbnail:
 * uploads/photo-processing.ts). Any refusal removes what this request stored already.
 */
export async function storeUploadedPhotos(
  uploads: Uploads,
  request: FastifyRequest,
  /** Claims' photos (ADR 088) are kept under their own kind, so their owner answers for them at cleanup. */
  kind: 'parcels' | 'claims' = 'parcels',
): Promise<StoredPhoto[]> {
  if (!request.isMultipart()) throw new AppError('photo_invalid');
  const stored: StoredPhoto[] = [];
  try {
    for await (const part of request.files({ limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PARCEL_PHOTOS } })) {
      stored.push(await uploads.savePhoto(await part.toBuffer(), kind));
    }
  } catch (error) {
    await uploads.removePhotos(stored);
    throw multipartError(error, 'photo_invalid');
  }
  if (!stored.length) throw new AppError('photo_invalid');
  return stored;
}
