import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed address stays valid (at least; expiries are rounded up to STEP_S so addresses repeat and cache). */
export const MEDIA_URL_TTL_S = 15 * 60;
const STEP_S = 5 * 60;

/**
 * The one place private media addresses are signed and checked (ADR 081): `/uploads/<key>?exp=<unix s>&sig=<HMAC>`,
 * HMAC-SHA256 over key and expiry with a key derived from the server secret (JWT_SECRET), so every process of one
 * installation accepts the others' addresses and nobody can mint one. Parcel photos are served only this way; a later
 * move to storage-side signed addresses (S3 presigning) replaces this file, not its callers.
 */
export class MediaUrls {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('media-url-v1').digest();
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  /** A signed address of a stored key, valid for MEDIA_URL_TTL_S to MEDIA_URL_TTL_S + 5 minutes from `now`. */
  sign(key: string, now = Date.now()): string {
    const exp = Math.ceil((now / 1000 + MEDIA_URL_TTL_S) / STEP_S) * STEP_S;
    return `/uploads/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** Seconds the address stays valid, or null when it is absent, forged, for another key or expired. */
  verify(key: string, exp: unknown, sig: unknown, now = Date.now()): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const left = Number(exp) - Math.floor(now / 1000);
    if (left <= 0) return null;
    const want = Buffer.from(this.mac(key, Number(exp)));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want) ? left : null;
  }
}
