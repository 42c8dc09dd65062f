import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { QR_TOKEN_PREFIX } from '@portal/contract';

/**
 * The customer's QR code content: a signed token naming the user and their QR version.
 * It has no expiry (it must still show offline, kept on the device); bumping users.qr_version revokes
 * every earlier code. Signed with a key derived from the app secret, so an access token can never pass as a QR code.
 */
export class QrTokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new Uint8Array(createHmac('sha256', secret).update('qr-token-v1').digest());
  }

  async sign(user: { id: number; qrVersion: number; clientCode: string }): Promise<string> {
    const jwt = await new SignJWT({ v: user.qrVersion, cc: user.clientCode })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('cargo-portal/qr')
      .setSubject(String(user.id))
      .setIssuedAt()
      .sign(this.key);
    return `${QR_TOKEN_PREFIX}${jwt}`;
  }

  /** The user id and version a QR token names, or null when it is forged, malformed or not ours. */
  async verify(token: string): Promise<{ userId: number; version: number; clientCode: string } | null> {
    const trimmed = token.trim();
    if (!trimmed.startsWith(QR_TOKEN_PREFIX) || trimmed.length > 1024) return null;
    try {
      const { payload } = await jwtVerify(trimmed.slice(QR_TOKEN_PREFIX.length), this.key, { algorithms: ['HS256'], issuer: 'cargo-portal/qr' });
      const userId = Number(payload.sub);
      const version = Number(payload.v);
      if (!Number.isInteger(userId) || !Number.isInteger(version) || typeof payload.cc !== 'string') return null;
      return { userId, version, clientCode: payload.cc };
    } catch {
      return null;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies customers' QR codes. */
    qr: QrTokenService;
  }
}
