import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { QR_TOKEN_PREFIX, QR_TTL_DAYS, qrTokenBody } from '@portal/contract';

export interface QrClaims {
  userId: number;
  version: number;
  clientCode: string;
}

/**
 * The customer's QR code content: a signed token naming the user and their QR version, valid
 * QR_TTL_DAYS (long enough to show offline from the device; every visit signs a fresh one). Bumping
 * users.qr_version revokes every earlier code. Signed with a key derived from the app secret, so an
 * access token can never pass as a QR code.
 */
export class QrTokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('qr-token-v1').digest());
  }

  async sign(user: { id: number; qrVersion: number; clientCode: string }, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + QR_TTL_DAYS * 86400) * 1000);
    const jwt = await new SignJWT({ v: user.qrVersion, cc: user.clientCode })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('cargo-portal/qr')
      .setSubject(String(user.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token: `${QR_TOKEN_PREFIX}${jwt}`, expiresAt };
  }

  /**
   * The user id and version a QR token names; 'expired' when it is ours but past its time; null
   * when it is forged, malformed or not ours.
   */
  async verify(token: string): Promise<QrClaims | 'expired' | null> {
    const trimmed = token.trim();
    const body = qrTokenBody(trimmed);
    if (body === null || trimmed.length > 1024) return null;
    try {
      const { payload } = await jwtVerify(body, this.key, {
        algorithms: ['HS256'],
        issuer: 'cargo-portal/qr',
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      const version = Number(payload.v);
      if (!Number.isInteger(userId) || !Number.isInteger(version) || typeof payload.cc !== 'string') return null;
      return { userId, version, clientCode: payload.cc };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : null;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies customers' QR codes. */
    qr: QrTokenService;
  }
}
