import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TRole } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { bearerToken } from '../../lib/bearer-token';
import { attachSessionCache, SessionCache } from './session-cache';
import { sessionsRepository, type SessionRow } from './sessions-repository';
import { ROTATION_GRACE_SECONDS, type TokenService } from './tokens';
import type { UserRow } from '../users/users-repository';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  jti: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid, current access token is required. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * In a handler instead of `authenticate`: the same check, on the session and user `load` reads for the session id
     * together with what the call answers (one round trip instead of two); sets `request.auth`, answers `load`'s row.
     * `load` is also given the token's user id: what it reads for that user is shown only when the check admits the
     * session as that user's.
     */
    authenticateWith: <T extends { session: SessionRow; user: UserRow }>(
      request: FastifyRequest,
      load: (sessionId: string, userId: number) => Promise<T | undefined>,
    ) => Promise<T>;
    /** preHandler: signs the caller in when a valid token is present, otherwise carries on anonymously. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: signed in and one of these roles, otherwise 403. */
    requireRole: (...roles: TRole[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Whether a token with this jti is the session's current one (or its predecessor within the rotation grace). */
export function jtiIsLive(session: { currentJti: string; previousJti: string | null; rotatedAt: Date | null }, jti: string): boolean {
  if (session.currentJti === jti) return true;
  return (
    session.previousJti === jti && session.rotatedAt !== null && Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_SECONDS * 1000
  );
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService; sessionCache: boolean }) => {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('auth', null);

  // With Redis, validated sessions are kept there (ADR 099); without, every check asks PostgreSQL.
  const cache = app.redis && opts.sessionCache ? new SessionCache(app.redis, app.log) : null;
  if (cache) {
    const detach = attachSessionCache(app.db, cache);
    app.addHook('onClose', async () => detach());
  }

  /** The access token's claims, or the error every signed-in call answers without a valid one. */
  async function claimsOf(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthenticated');
    const verified = await opts.tokens.verify(token);
    if (!verified) throw new AppError('unauthenticated');
    if ('expired' in verified) throw new AppError('token_expired');
    return verified.claims;
  }

  /** The session check itself: the token's session exists, is not revoked, is its user's, names this jti, user not blocked. */
  function admit(
    found: { session: SessionRow; user: UserRow } | undefined,
    claims: { sessionId: string; userId: number; jti: string },
  ): AuthContext {
    if (!found || found.session.revokedAt || found.user.id !== claims.userId || !jtiIsLive(found.session, claims.jti)) {
      throw new AppError('unauthenticated');
    }
    // Blocking ends the sessions too; this also covers a request racing the block.
    if (found.user.blockedAt) throw new AppError('unauthenticated');
    return { user: found.user, sessionId: found.session.id, jti: claims.jti };
  }

  async function resolve(request: FastifyRequest): Promise<AuthContext> {
    const claims = await claimsOf(request);
    const kept = cache ? await cache.find(claims.sessionId, claims.userId) : null;
    if (kept && 'hit' in kept) return admit(kept.hit, claims);
    const found = await sessionsRepository.findWithUser(app.db, claims.sessionId);
    const auth = admit(found, claims);
    // Only an admitted session is kept, and only if nothing changed it since the generations were read.
    if (kept) await cache!.fill(kept.miss, found!);
    return auth;
  }

  app.decorate(
    'authenticateWith',
    async <T extends { session: SessionRow; user: UserRow }>(
      request: FastifyRequest,
      load: (sessionId: string, userId: number) => Promise<T | undefined>,
    ) => {
      const claims = await claimsOf(request);
      const found = await load(claims.sessionId, claims.userId);
      request.auth = admit(found, claims);
      return found!;
    },
  );

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await resolve(request);
  });

  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    if (!bearerToken(request)) return;
    try {
      request.auth = await resolve(request);
    } catch {
      request.auth = null;
    }
  });

  app.decorate('requireRole', (...roles: TRole[]) => async (request: FastifyRequest) => {
    request.auth ??= await resolve(request);
    if (!roles.includes(request.auth.user.role)) throw new AppError('forbidden');
  });
});

/** The signed-in caller; only for routes behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}
