import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection when REDIS_URL is set: rate limits and live fan-out across processes. */
    redis: Redis | null;
    /** Redis as the health answers tell it: not configured, answering, or away (the API carries on without). */
    redisState: () => Promise<'off' | 'up' | 'down'>;
  }
}

/**
 * Redis is a helper, not a dependency: while it is away rate limits count in the process and live updates
 * reach this process's pages (ADR 007). ioredis reconnects by itself; the outage is logged once when it
 * starts and once when it ends, not once per failed command.
 */
export const redisPlugin = fp(async (app: FastifyInstance, opts: { url: string | undefined }) => {
  if (!opts.url) {
    app.decorate('redis', null);
    app.decorate('redisState', async () => 'off' as const);
    return;
  }
  const redis = new Redis(opts.url, {
    maxRetriesPerRequest: 2,
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let away = false;
  redis.on('error', (err: Error) => {
    if (away) return;
    away = true;
    app.log.error({ err: { message: err.message } }, 'redis unreachable: rate limits count in each process until it is back');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    app.log.info('redis is back: rate limits shared again');
  });
  try {
    await redis.connect();
  } catch {
    // Logged by the error handler above; ioredis keeps trying and the API starts without it.
  }
  app.decorate('redis', redis);
  app.decorate('redisState', async () => {
    if (redis.status !== 'ready') return 'down' as const;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([redis.ping(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 1000)))]);
      return 'up' as const;
    } catch {
      return 'down' as const;
    } finally {
      clearTimeout(timer);
    }
  });
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
});
