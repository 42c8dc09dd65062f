import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../lib/app-error';

/** Counters other modules feed (the notification queue reports sent/failed messages and its depth here). */
export interface AppMetrics {
  registry: Registry;
  messagesSent: Counter<'channel'>;
  messagesFailed: Counter<'channel'>;
  /** The queue module registers how to read its depth (jobs waiting), read at each scrape. */
  setQueueDepth(read: () => Promise<number> | number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Prometheus metrics at GET /metrics (text format), only for a scraper presenting METRICS_TOKEN as a
 * bearer token (404 when no token is configured): requests by route and status with latency histograms,
 * the database pool, the notification queue, and the process's own (CPU, memory, event loop lag).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token: string | undefined }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; PGlite has one embedded connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = app.database.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  let readDepth: (() => Promise<number> | number) | null = null;
  new Gauge({
    name: 'queue_depth',
    help: 'Notification jobs waiting to be sent',
    registers: [registry],
    async collect() {
      if (readDepth) this.set(await Promise.resolve(readDepth()).catch(() => Number.NaN));
    },
  });
  const messagesSent = new Counter({
    name: 'messages_sent_total',
    help: 'Messages delivered, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const messagesFailed = new Counter({
    name: 'messages_failed_total',
    help: 'Messages that failed for good, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  app.decorate('metrics', {
    registry,
    messagesSent,
    messagesFailed,
    setQueueDepth: (read: () => Promise<number> | number) => (readDepth = read),
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (/api/orders/:id), never the raw URL, so labels stay few.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const given = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!opts.token) throw new AppError('route_not_found');
    if (!given || !sameText(given, opts.token)) throw new AppError('unauthenticated');
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
