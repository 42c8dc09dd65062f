import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLang } from '../lib/request-lang';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Public, language-dependent content: 200 answers get a strong ETag (hash of the serialized
     * body, so one per language), `Vary: Accept-Language` and a short public max-age, and a
     * matching If-None-Match gets 304 without a body. The process keeps the answer for
     * CONTENT_CACHE_SECONDS (below) unless an admin change comes first.
     */
    cacheable?: boolean;
  }
  interface FastifyInstance {
    /** The answers of public content kept in this process; `clear()` after a change made outside the admin API. */
    contentCache: ContentCache;
  }
}

export const CONTENT_MAX_AGE_SECONDS = 60;
/** How long a process serves a kept content answer at most (other processes' changes without Redis, news reaching their time). */
export const CONTENT_CACHE_SECONDS = 5;
/** Content answers kept per process (address and language); the oldest goes first beyond that. */
export const CONTENT_CACHE_ENTRIES = 1000;
/** Redis channel on which a process tells the others that an admin changed something. */
export const CONTENT_CHANNEL = 'portal:content:changed';

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

interface Kept {
  payload: string | Buffer;
  type: string;
  etag: string;
  until: number;
}

/**
 * Answers of public content (settings, branches, news, FAQ …) kept in the process: they change only when an
 * admin saves, and were read from the database on every request. Any successful admin write clears them
 * (here at once; in the other processes through Redis), and each lives CONTENT_CACHE_SECONDS at most, the
 * bound for other processes when Redis is away. `generation` guards against a read that began before a
 * change and ends after it: it is kept only if no clear came in between.
 */
export class ContentCache {
  private readonly entries = new Map<string, Kept>();
  generation = 0;
  constructor(
    private readonly ttlMs = CONTENT_CACHE_SECONDS * 1000,
    private readonly maxEntries = CONTENT_CACHE_ENTRIES,
  ) {}

  get(key: string): Kept | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, generation: number, kept: Omit<Kept, 'until'>) {
    if (generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...kept, until: Date.now() + this.ttlMs });
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

const HIT = Symbol('content cache hit');
const GENERATION = Symbol('content cache generation');
type Marked = FastifyRequest & { [HIT]?: Kept; [GENERATION]?: number };

const keyOf = (request: FastifyRequest) => `${requestLang(request)} ${request.url}`;
const isAdminWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && request.url.startsWith('/api/admin/');

const API_PATH = /^\/api(?:[/?]|$)/;

/** Route option `config: { cacheable: true }` switches the validators and the process's content cache on for that route's GET answers. */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  const cache = new ContentCache();
  app.decorate('contentCache', cache);

  // Other processes' admin changes (Redis); without Redis they show within CONTENT_CACHE_SECONDS.
  const redis = app.redis;
  if (redis) {
    const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: true });
    subscriber.on('error', () => {});
    subscriber.on('message', () => cache.clear());
    // Whatever was missed while Redis was away: start afresh when it is back.
    subscriber.on('ready', () => cache.clear());
    try {
      await subscriber.connect();
      await subscriber.subscribe(CONTENT_CHANNEL);
    } catch (err) {
      app.log.warn({ err }, `content cache: Redis subscribe failed; other processes' changes show within ${CONTENT_CACHE_SECONDS} s`);
    }
    app.addHook('onClose', async () => subscriber.disconnect());
  }

  app.addHook('onRequest', (request: Marked, reply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.cacheable) return done();
    request[GENERATION] = cache.generation;
    const kept = cache.get(keyOf(request));
    if (!kept) return done();
    request[HIT] = kept;
    reply.code(200).type(kept.type).send(kept.payload);
  });

  app.addHook('onSend', async (request: Marked, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 && isAdminWrite(request)) {
      // Before the admin's answer leaves, so their next read (on any process with Redis) is fresh.
      cache.clear();
      if (redis?.status === 'ready') await redis.publish(CONTENT_CHANNEL, '1').catch(() => {});
    }
    if (!request.routeOptions.config.cacheable) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    const kept = request[HIT];
    const etag = kept?.etag ?? strongEtag(payload);
    if (!kept && request[GENERATION] !== undefined) {
      cache.set(keyOf(request), request[GENERATION], {
        payload,
        type: String(reply.getHeader('content-type') ?? 'application/json'),
        etag,
      });
    }
    reply.header('ETag', etag);
    const vary = reply.getHeader('vary');
    const varies = typeof vary === 'string' && vary ? vary.split(',').map((v) => v.trim()) : [];
    if (!varies.some((v) => v.toLowerCase() === 'accept-language')) reply.header('Vary', [...varies, 'Accept-Language'].join(', '));
    reply.header('Cache-Control', `public, max-age=${CONTENT_MAX_AGE_SECONDS}`);
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return null;
    }
    return payload;
  });

  // Every other API answer is personal or may be (a customer's orders, balance, session, QR; an admin's lists;
  // the answer to a write or an error): no browser or proxy keeps it. Routes that set their own Cache-Control
  // keep it; this hook is added after the validators' one, so public content already carries its max-age.
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
