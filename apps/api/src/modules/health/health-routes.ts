import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']), uptime_s: z.number() });
  r.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: ZHealth, 503: ZHealth } },
    config: { rateLimit: false },
  }, async (_request, reply) => {
    const base = { database: app.database.kind, uptime_s: Math.round(process.uptime()) };
    try {
      await app.database.ping();
      return { status: 'ok' as const, ...base };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, ...base });
    }
  });
}
