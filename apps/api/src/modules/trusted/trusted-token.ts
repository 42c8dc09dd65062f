import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TRUSTED_TOKEN_PREFIX, trustedTokenBody } from '@portal/contract';

export interface TrustedClaims {
  grantId: number;
  version: number;
}

/**
 * A trusted person's QR code (ADR 091): a signed token naming the grant and its version, with a prefix (QRT1.) and a
 * key (derived with its own label) of its own, so a customer's QR code and a trusted one can never pass as each other.
 * It expires the day after the grant's last day; revocation and the days are checked on the grant at every scan.
 */
export class TrustedTokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('trusted-qr-v1').digest());
  }

  async sign(grant: { id: number; version: number }, expiresAt: Date): Promise<string> {
    const jwt = await new SignJWT({ v: grant.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('cargo-portal/trusted')
      .setSubject(String(grant.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return `${TRUSTED_TOKEN_PREFIX}${jwt}`;
  }

  /** The grant a token names; 'expired' when ours but past its time; null when forged, malformed or not ours. */
  async verify(token: string): Promise<TrustedClaims | 'expired' | null> {
    const trimmed = token.trim();
    const body = trustedTokenBody(trimmed);
    if (body === null || trimmed.length > 1024) return null;
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
