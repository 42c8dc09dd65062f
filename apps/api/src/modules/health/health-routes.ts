import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // redis: 'off' when REDIS_URL is unset, 'down' while it is away (the API serves on, its limits per process).
  const ZRedis = z.enum(['off', 'up', 'down']);
  const ZHealth = z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    redis: ZRedis,
    uptime_s: z.number(),
  });
  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database reachability and Redis (off, up or down: the API serves on without it)',
        response: { 200: ZHealth, 503: ZHealth },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const base = { database: app.database.kind, redis: await app.redisState(), uptime_s: Math.round(process.uptime()) };
      try {
        await app.database.ping();
        return { status: 'ok' as const, ...base };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, ...base });
      }
    },
  );

  // For orchestrators and proxies: liveness says the process answers (restart it when this fails);
  // readiness says it can serve now (send no traffic while the database is unreachable).
  r.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up and answering',
        response: { 200: z.object({ status: z.literal('ok'), uptime_s: z.number() }) },
      },
      config: { rateLimit: false },
    },
    async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
  );

  const ZReady = z.object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['up', 'down']),
    redis: ZRedis,
    uptime_s: z.number(),
  });
  r.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers within 2 s (503 while it does not)',
        response: { 200: ZReady, 503: ZReady },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const uptime_s = Math.round(process.uptime());
      const redis = await app.redisState();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ready' as const, database: 'up' as const, redis, uptime_s };
      } catch {
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({ status: 'unavailable' as const, database: 'down' as const, redis, uptime_s });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}

const READY_TIMEOUT_MS = 2000;
