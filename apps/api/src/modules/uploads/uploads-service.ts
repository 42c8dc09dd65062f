import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { ImageKind } from './images';
import type { MediaUrls } from './media-urls';
import { processPhoto } from './photo-processing';
import { contentTypeOf, type ObjectStorage } from './storage';

/** What uploads are for; each kind is a folder (local) or key prefix (S3) and a URL path under /uploads/. */
export const UPLOAD_KINDS = ['parcels', 'claims', 'logos', 'news', 'lessons', 'content', 'marketplaces', 'prohibited-items'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** An upload key as this service makes them: `<kind>/<32 hex>.<ext>`. Anything else is no upload. */
const KEY = new RegExp(
  `^(${UPLOAD_KINDS.join('|')})/[0-9a-f]{32}\\.(jpg|png|webp)$|^logos/[0-9a-f]{32}\\.svg$|^(parcels|claims)/[0-9a-f]{32}-t\\.webp$`,
);

/** Kinds served only by a signed address (ADR 081; claims' photos, ADR 088); every other kind (logos, news images…) is public. */
export const PRIVATE_UPLOAD_KINDS: ReadonlySet<string> = new Set<UploadKind>(['parcels', 'claims']);

/** A stored parcel photo: its key and its thumbnail's (`parcels/<hex>.webp`, `parcels/<hex>-t.webp`). */
export interface StoredPhoto {
  key: string;
  thumbKey: string;
}

/** The thumbnail's key of a photo stored by savePhoto. */
export const thumbKeyOf = (key: string) => key.replace(/\.webp$/, '-t.webp');

/**
 * The owner module's answer to "which of these upload URLs are still used?" (a parcel's photos, a
 * setting's logo, a news image …). The cleanup only deletes uploads of kinds whose owner registered one.
 */
export type UploadReferences = (db: Db, urls: string[]) => Promise<Set<string>>;

/** Uploads not attached to anything after this long are removed. */
export const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

/** The one way every feature stores and serves uploaded files, whichever storage driver is configured. */
export class Uploads {
  private readonly references = new Map<UploadKind, UploadReferences>();
  constructor(
    readonly storage: ObjectStorage,
    /** Signs the addresses of private kinds (parcel photos) and checks them when they are served. */
    readonly urls: MediaUrls,
  ) {}

  /**
   * Processes a parcel photo (processPhoto: upright, no metadata, resized, a thumbnail; 413/422 on a bomb or a
   * corrupt file) and stores both. The key is an identifier; the photo is served only by `urls.sign(key)`.
   */
  async savePhoto(bytes: Buffer, kind: 'parcels' | 'claims' = 'parcels'): Promise<StoredPhoto> {
    const { photo, thumb } = await processPhoto(bytes);
    const key = `${kind}/${randomBytes(16).toString('hex')}.webp`;
    const thumbKey = thumbKeyOf(key);
    await this.storage.put(thumbKey, thumb, 'image/webp');
    await this.storage.put(key, photo, 'image/webp');
    return { key, thumbKey };
  }

  /** Removes photos stored for a request that was then refused (nothing half-written). */
  async removePhotos(photos: StoredPhoto[]) {
    await Promise.all(photos.flatMap((p) => [this.storage.delete(p.key), this.storage.delete(p.thumbKey)]));
  }

  /** Stores an image (bytes already checked with sniffImage) and returns its public URL `/uploads/<kind>/<name>`. */
  async saveImage(kind: UploadKind, bytes: Buffer, ext: ImageKind | 'svg'): Promise<string> {
    if (ext === 'svg' && kind !== 'logos') throw new Error('SVG is for logos only');
    const key = `${kind}/${randomBytes(16).toString('hex')}.${ext}`;
    await this.storage.put(key, bytes, contentTypeOf(key));
    return `/uploads/${key}`;
  }

  /** The storage key of an upload URL (or of a bare key), or null when it is not one of ours. */
  keyOf(urlOrKey: string): string | null {
    const key = urlOrKey.startsWith('/uploads/') ? urlOrKey.slice('/uploads/'.length) : urlOrKey;
    return KEY.test(key) ? key : null;
  }

  async open(key: string) {
    return this.keyOf(key) ? this.storage.get(key) : null;
  }

  /** Whether an upload is in storage (a reference an admin saves must point at a real one). */
  async exists(urlOrKey: string): Promise<boolean> {
    const key = this.keyOf(urlOrKey);
    if (!key) return false;
    const object = await this.storage.get(key);
    object?.body.destroy();
    return !!object;
  }

  async remove(url: string) {
    const key = this.keyOf(url);
    if (key) await this.storage.delete(key);
  }

  /** The owner of a kind tells which URLs are in use (called once at start by the owner module). */
  registerReferences(kind: UploadKind, references: UploadReferences) {
    this.references.set(kind, references);
  }

  /**
   * Removes uploads older than `olderThanMs` that nothing refers to, for every kind with a registered
   * owner. Safe to run in several processes at once (a second delete of the same key is a no-op).
   */
  async removeUnattached(db: Db, opts: { olderThanMs?: number; now?: Date } = {}): Promise<string[]> {
    const cutoff = (opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? UNATTACHED_TTL_MS);
    const removed: string[] = [];
    for (const [kind, references] of this.references) {
      let batch: string[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const used = await references(db, batch);
        for (const url of batch) {
          if (used.has(url)) continue;
          await this.storage.delete(url.slice('/uploads/'.length));
          removed.push(url);
        }
        batch = [];
      };
      for await (const entry of this.storage.list(`${kind}/`)) {
        if (!KEY.test(entry.key) || entry.lastModified.getTime() > cutoff) continue;
        batch.push(`/uploads/${entry.key}`);
        if (batch.length >= 200) await flush();
      }
      await flush();
    }
    return removed;
  }
}
