import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ObjectStorage } from './storage';

/** How long a signed address stays valid (at least; expiries are rounded up to STEP_S so addresses repeat and cache). */
export const MEDIA_URL_TTL_S = 15 * 60;
const STEP_S = 5 * 60;

/**
 * The one place private media addresses are made and checked (ADR 081, ADR 097). With an S3-compatible store the
 * address is the store's own presigned GET (ADR 097): the browser fetches the bytes from the store (or the proxy in
 * front of it), never through the API, and the API accepts no address of its own for private kinds. With the local
 * folder (demo, development) it is `/uploads/<key>?exp=<unix s>&sig=<HMAC>`, HMAC-SHA256 over key and expiry with a
 * key derived from the server secret (JWT_SECRET), so every process of one installation accepts the others' addresses
 * and nobody can mint one; the API serves those.
 */
export class MediaUrls {
  private readonly key: Buffer;
  constructor(
    serverSecret: string,
    /** The store, when it signs addresses itself (S3); null: the API's own HMAC addresses. */
    private readonly presigner: Pick<ObjectStorage, 'signedGetUrl'> | null = null,
  ) {
    this.key = createHmac('sha256', serverSecret).update('media-url-v1').digest();
  }

  /** Whether private media are served by the store (presigned) rather than by the API. */
  get atTheEdge(): boolean {
    return Boolean(this.presigner?.signedGetUrl);
  }

  /**
   * The address a browser opens for a private stored key, valid MEDIA_URL_TTL_S to MEDIA_URL_TTL_S + 5 minutes from
   * `now`: the store's presigned GET when it has one, else the API's HMAC address. Signed at a time rounded down to
   * 5 minutes, so one key's address repeats for 5 minutes and the browser's cache holds.
   */
  async address(key: string, now = Date.now()): Promise<string> {
    const signedGetUrl = this.presigner?.signedGetUrl?.bind(this.presigner);
    if (!signedGetUrl) return this.sign(key, now);
    const signedAt = Math.floor(now / 1000 / STEP_S) * STEP_S;
    return signedGetUrl(key, {
      signedAt: new Date(signedAt * 1000),
      expiresIn: MEDIA_URL_TTL_S + STEP_S,
      cacheControl: `private, max-age=${MEDIA_URL_TTL_S}`,
    });
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  /** The API's own signed address of a stored key (local folder), valid MEDIA_URL_TTL_S to MEDIA_URL_TTL_S + 5 minutes. */
  sign(key: string, now = Date.now()): string {
    const exp = Math.ceil((now / 1000 + MEDIA_URL_TTL_S) / STEP_S) * STEP_S;
    return `/uploads/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /**
   * Seconds the address stays valid, or null when it is absent, forged, for another key or expired, and always null
   * when the store serves private media itself (no private byte is streamed through the API then).
   */
  verify(key: string, exp: unknown, sig: unknown, now = Date.now()): number | null {
    if (this.atTheEdge) return null;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const left = Number(exp) - Math.floor(now / 1000);
    if (left <= 0) return null;
    const want = Buffer.from(this.mac(key, Number(exp)));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want) ? left : null;
  }
}
