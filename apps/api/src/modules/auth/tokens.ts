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

/** How many verified tokens the process remembers (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, algorithm and issuer held, with their claims: a signed-in request is checked by the
   * rate limiter and by the auth guard, and a page makes many requests with one token, so the HMAC (WebCrypto,
   * the largest part of a small signed-in request's CPU) runs once per token. Expiry is still checked on each
   * use; whether the session lives is the database's answer, never cached.
   */
  private readonly verified = new Map<string, AccessClaims>();
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
    const known = this.verified.get(token);
    if (known && known.exp > Date.now() / 1000) return { claims: known };
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
      const claims = { userId, sessionId, jti: payload.jti, iat: payload.iat, exp: payload.exp };
      if (claims.exp > Date.now() / 1000) this.remember(token, claims);
      return { claims };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { expired: true };
      return null;
    }
  }

  private remember(token: string, claims: AccessClaims) {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      // The oldest tenth goes (a Map keeps insertion order).
      for (const old of this.verified.keys()) {
        this.verified.delete(old);
        if (this.verified.size < VERIFIED_CACHE_SIZE * 0.9) break;
      }
    }
    this.verified.set(token, claims);
  }
}
