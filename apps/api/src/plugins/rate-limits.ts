import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { bearerToken } from '../lib/bearer-token';

/** What counting needs of the auth module's token service: whose a token is, when its signature holds. */
export interface TokenVerifier {
  verify(token: string): Promise<{ claims: { userId: number } } | { expired: true } | null>;
}

/**
 * Who a request counts against (ADR 007): a signed-in call against its account (`user:<id>`, from a token
 * whose signature holds), anything else against its client address (`ip:<address>`).
 */
export async function rateLimitKey(request: FastifyRequest, tokens: TokenVerifier): Promise<string> {
  const token = bearerToken(request);
  if (token) {
    const verified = await tokens.verify(token);
    if (verified && 'claims' in verified) return `user:${verified.claims.userId}`;
  }
  return `ip:${request.ip}`;
}

/**
 * Requests never counted: everything outside /api (the web app's files, pages, /uploads) and anonymous
 * reads (public content, served with ETags and cache headers). An office or a mobile operator's shared
 * address opens the portal as often as its people do; only credential calls are limited per address.
 */
export function notCounted(request: FastifyRequest, key: string): boolean {
  if (!request.url.startsWith('/api/')) return true;
  return key.startsWith('ip:') && (request.method === 'GET' || request.method === 'HEAD');
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// @fastify/rate-limit's own stores (Redis for counts shared by every process, an LRU map in the process).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/**
 * The process's own counts (LocalStore's LRU map), each answer a copy. LocalStore hands every caller the one object it
 * keeps per key and goes on counting in it, so requests arriving together all read the count of the last of them: a
 * burst of 40 against a limit of 30 refused all 40 instead of 10 (public-tracking.test.ts).
 */
class LocalCounts implements Store {
  constructor(private readonly store: Store) {}

  static create(params: { continueExceeding: boolean; exponentialBackoff: boolean }): LocalCounts {
    return new LocalCounts(new LocalStore(params.continueExceeding, params.exponentialBackoff));
  }

  private static copying(cb: Callback): Callback {
    return (error, result) => cb(error, result && { current: result.current, ttl: result.ttl });
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.store.incr(key, LocalCounts.copying(cb), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.store.read(key, LocalCounts.copying(cb), timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new LocalCounts(this.store.child(routeOptions));
  }
}

/**
 * Counts in Redis while it answers and in the process while it does not (ADR 007): losing Redis makes the
 * limits per process for a while, never a 500. ioredis fails a command at once while disconnected (no
 * offline queue), and reconnects by itself; the first count after that is in Redis again.
 */
class FallbackStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
    private readonly log: FastifyBaseLogger,
  ) {}

  private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    if (this.redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max);
    this.shared[method](
      key,
      (error, result) => {
        if (!error) return cb(null, result);
        this.log.debug({ err: error }, 'rate limit counted in the process: redis did not answer');
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('read', key, cb, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions), this.log);
  }
}

/** The store class @fastify/rate-limit constructs with its settings: Redis first, the process as fallback. */
function fallbackStoreClass(redis: Redis, log: FastifyBaseLogger) {
  return class {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      const shared = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'portal-rl:');
      const local = LocalCounts.create(params);
      return new FallbackStore(redis, shared, local, log);
    }
  };
}

export interface RateLimitOptions {
  tokens: TokenVerifier;
  /** Signed-in calls per account and minute (anonymous writes per address share the figure). */
  perMinute: number;
}

/** The global limit: per account when signed in, static files and anonymous reads never counted. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const log = app.log;
  const redis = app.redis;
  const store = redis
    ? fallbackStoreClass(redis, log)
    : class {
        constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
          return LocalCounts.create(params);
        }
      };
  await app.register(rateLimit, {
    global: true,
    max: opts.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => rateLimitKey(request, opts.tokens),
    allowList: (request, key) => notCounted(request, key),
    store: store as never,
    errorResponseBuilder: (_request, context) => new AppError('too_many_requests', { retryAfter: Math.ceil(context.ttl / 1000) }),
  });
});

/** A route's own limit per client address (sign-in and code calls), whoever is signed in. */
export function perAddressLimit(max: number) {
  return {
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`, allowList: [] as string[] },
  };
}
