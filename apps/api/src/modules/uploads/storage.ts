import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** One stored object as it is read back. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** One entry of a listing. */
export interface StoredEntry {
  key: string;
  lastModified: Date;
}

/**
 * Where every upload's bytes live: the local folder by default, or any S3-compatible service. Keys are
 * `<kind>/<random>.<ext>` made by the uploads service (never taken from a client), so drivers need no
 * escaping rules of their own.
 */
export interface ObjectStorage {
  readonly name: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
  /** A storage-side signed GET address browsers open directly (S3 presigning, ADR 097); absent for the local folder. */
  signedGetUrl?(key: string, opts: SignedGetOptions): Promise<string>;
}

export interface SignedGetOptions {
  /** The signature's time (rounded by the caller, so one address repeats and the browser's cache holds). */
  signedAt: Date;
  /** Seconds from signedAt the address stays valid. */
  expiresIn: number;
  /** The Cache-Control the store answers with (S3's response-cache-control, part of the signature). */
  cacheControl: string;
}

/** SVG only for logos, whose upload refuses scripts and outside references (settings/svg-check.ts). */
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', svg: 'image/svg+xml' };
export const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Files under one folder (DATA_DIR/uploads): one machine, or a shared volume. */
export class LocalStorage implements ObjectStorage {
  readonly name = 'local' as const;
  constructor(readonly root: string) {}

  private path(key: string) {
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer) {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.path(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { body: createReadStream(file), size: s.size, contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const dir = join(this.root, ...prefix.split('/').filter(Boolean));
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const s = await stat(join(dir, name)).catch(() => null);
      if (s?.isFile()) yield { key: `${prefix.replace(/\/?$/, '/')}${name}`.split(sep).join('/'), lastModified: s.mtime };
    }
  }

  async check() {
    await mkdir(this.root, { recursive: true });
  }
}

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /**
   * Where browsers reach the bucket (S3_PUBLIC_URL): a path on the portal's own origin that the proxy forwards to
   * `<endpoint>/<bucket>/` (the recipe's `/media`), or another origin; unset: the presigned address itself.
   */
  publicUrl?: string;
}

/** Any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Kazakh providers) through the official client. */
export class S3Storage implements ObjectStorage {
  readonly name = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicUrl: string | undefined;
  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.publicUrl = opts.publicUrl?.replace(/\/+$/, '');
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials:
        opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
      // Many S3-compatible services refuse the newer default checksums; send them only when an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? contentTypeOf(key) };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key && o.LastModified) yield { key: o.Key, lastModified: o.LastModified };
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async check() {
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
  }

  /**
   * A presigned GET (SigV4, the SDK's presigner) of one key. The signature covers the endpoint's host and the path
   * `/<bucket>/<key>`, so a public URL on another address must be a proxy forwarding there with that Host.
   */
  async signedGetUrl(key: string, opts: SignedGetOptions): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseCacheControl: opts.cacheControl });
    const url = await getSignedUrl(this.client, command, { expiresIn: opts.expiresIn, signingDate: opts.signedAt });
    if (!this.publicUrl) return url;
    return `${this.publicUrl}/${key}${new URL(url).search}`;
  }
}
