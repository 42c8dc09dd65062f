import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

/** Access tokens live 15 minutes; an expired one may still be refreshed for 14 days; a session lasts at most 60 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_WINDOW_SECONDS = 14 * 24 * 3600;
export const SESSION_MAX_AGE_SECONDS = 60 * 24 * 3600;
/** A second refresh with the same token within this many seconds gets the same successor (two tabs). */
export const ROTATION_GRACE_SECONDS = 10;

const ISSUER = 'cargo-portal';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALG = 'HS256';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  jti: string;
  iat: number;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signing is deterministic: the same claims give the same token, which lets a repeated refresh return the same successor. */
  sign(claims: { userId: number; sessionId: string; jti: string; iat: number }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(claims.userId))
      .setJti(claims.jti)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /**
   * Verifies signature, algorithm and issuer. With `allowExpired`, a token up to the refresh
   * window past its expiry is accepted (for auth/refresh only).
   * Returns null for anything invalid; `expired: true` when only the expiry failed.
   */
  async verify(token: string, opts: { allowExpired?: boolean } = {}): Promise<{ claims: AccessClaims } | { expired: true } | null> {
    if (!token || token.length > 2048) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        clockTolerance: opts.allowExpired ? REFRESH_WINDOW_SECONDS : 0,
      });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
      // Sessions are uuids: a validly signed token naming anything else is simply not a session (401, never a database error).
      if (!Number.isInteger(userId) || !UUID.test(sessionId) || !payload.jti || !payload.iat || !payload.exp) return null;
      return { claims: { userId, sessionId, jti: payload.jti, iat: payload.iat, exp: payload.exp } };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { expired: true };
      return null;
    }
  }
}
