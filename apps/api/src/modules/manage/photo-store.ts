import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export type ImageKind = 'jpg' | 'png' | 'webp';

/** The image type of these bytes by their signature (never by the name or the declared type), or null. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Parcel photos on disk under DATA_DIR/uploads/parcels, named by 128 random bits; served read-only at /uploads/parcels/…. */
export class PhotoStore {
  readonly root: string;
  private readonly dir: string;
  constructor(uploadsRoot: string) {
    this.root = uploadsRoot;
    this.dir = join(uploadsRoot, 'parcels');
    mkdirSync(this.dir, { recursive: true });
  }

  async save(bytes: Buffer, kind: ImageKind): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${kind}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx', mode: 0o644 });
    return `/uploads/parcels/${name}`;
  }
}

/** Serves the uploads folder read-only at /uploads/ (no listing, no dotfiles, never run as a page). */
export async function uploadsStatic(app: FastifyInstance, opts: { root: string }) {
  mkdirSync(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=86400, immutable');
      res.header('content-security-policy', "default-src 'none'; img-src 'self'");
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
