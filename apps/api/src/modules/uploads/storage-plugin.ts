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

export const storagePlugin = fp(async (app: FastifyInstance, opts: { storage: ObjectStorage; secret: string }) => {
  app.decorate('uploads', new Uploads(opts.storage, new MediaUrls(opts.secret)));
});
