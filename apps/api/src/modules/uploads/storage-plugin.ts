import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { LocalStorage, S3Storage, type ObjectStorage } from './storage';
import { MediaUrls } from './media-urls';
import { Uploads } from './uploads-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upload (parcel photos, logos, news and lesson images) goes through this. */
    uploads: Uploads;
  }
}

/** The storage driver the configuration names: S3-compatible when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: AppConfig): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(join(config.dataDir, 'uploads'));
}

/** The uploads service over a storage: private media addresses are the store's presigned ones when it has them (ADR 097). */
export const uploadsOver = (storage: ObjectStorage, secret: string) => new Uploads(storage, new MediaUrls(secret, storage));

/**
 * The origin browsers load private media from when it is neither the portal's own nor https (a plain-http S3 endpoint in
 * development), for the page's img-src; null when 'self' or https: already allow it.
 */
export function mediaImageOrigin(config: AppConfig): string | null {
  if (!config.s3) return null;
  const base = config.s3.publicUrl ?? config.s3.endpoint;
  if (!base || base.startsWith('/')) return null;
  const origin = new URL(base).origin;
  return origin.startsWith('https:') ? null : origin;
}

export const storagePlugin = fp(async (app: FastifyInstance, opts: { storage: ObjectStorage; secret: string }) => {
  app.decorate('uploads', uploadsOver(opts.storage, opts.secret));
});
