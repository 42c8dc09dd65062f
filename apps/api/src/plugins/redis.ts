import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection when REDIS_URL is set: rate limits and live fan-out across processes. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance, opts: { url: string | undefined }) => {
  if (!opts.url) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(opts.url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: false });
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit();
  });
});
