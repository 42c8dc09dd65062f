import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { TRUSTED_TOKEN_PREFIX, trustedTokenBody } from '@portal/contract';

export interface TrustedClaims {
  grantId: number;
  version: number;
}

/** `<grant>.<version>.<expiry, unix seconds>.<MAC>`: the MAC is HMAC-SHA256 of the first three, cut to 128 bits. */
const COMPACT = /^(\d{1,10})\.(\d{1,6})\.(\d{1,11})\.([A-Za-z0-9_-]{22})$/;

/**
 * A trusted person's QR code (ADR 091): a signed token naming the grant and its version, with a prefix (QRT1.) and a
 * key (derived with its own label) of its own, so a customer's QR code and a trusted one can never pass as each other.
 * It expires the day after the grant's last day; revocation and the days are checked on the grant at every scan.
 *
 * The token rides in the SMS link and the QR code, so it is compact (`QRT1.42.1.1765000000.<22 characters>`, about
 * 50 characters) rather than a JWT (about 200: three SMS parts of Cyrillic for the link alone). JWTs signed before
 * the compact form (at most 15 days old) are still read until they expire.
 */
export class TrustedTokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('trusted-qr-v1').digest());
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16);
  }

  async sign(grant: { id: number; version: number }, expiresAt: Date): Promise<string> {
    const payload = `${grant.id}.${grant.version}.${Math.floor(expiresAt.getTime() / 1000)}`;
    return `${TRUSTED_TOKEN_PREFIX}${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The grant a token names; 'expired' when ours but past its time; null when forged, malformed or not ours. */
  async verify(token: string, now = new Date()): Promise<TrustedClaims | 'expired' | null> {
    const trimmed = token.trim();
    const body = trustedTokenBody(trimmed);
    if (body === null || trimmed.length > 1024) return null;
    const compact = COMPACT.exec(body);
    if (!compact) return this.verifyJwt(body);
    const [, id, version, exp, mac] = compact;
    // Compared as text: 22 characters carry 132 bits for 128, so decoding would let 16 spellings pass for one MAC.
    const given = Buffer.from(mac!);
    const expected = Buffer.from(this.mac(`${id}.${version}.${exp}`).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(exp) * 1000 <= now.getTime()) return 'expired';
    return { grantId: Number(id), version: Number(version) };
  }

  /** The form signed until 2026-11-30; remove once those have expired (15 days). */
  private async verifyJwt(body: string): Promise<TrustedClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(body, this.key, {
        algorithms: ['HS256'],
        issuer: 'cargo-portal/trusted',
        requiredClaims: ['exp'],
      });
      const grantId = Number(payload.sub);
      const version = Number(payload.v);
      if (!Number.isInteger(grantId) || !Number.isInteger(version)) return null;
      return { grantId, version };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : null;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies trusted people's QR codes. */
    trustedTokens: TrustedTokenService;
  }
}
