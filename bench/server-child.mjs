/**
 * The server side of bench/server-cost.mjs, in its own process so the load generator's CPU is not counted:
 * the real app (buildApp on PostgreSQL, configured from the environment as the production server is) on PORT,
 * and a bare Fastify instance with one route on BARE_PORT, both in this one process. The parent asks for
 * process.cpuUsage() over IPC before and after each batch of requests.
 */
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp({
  config,
  database,
  closeDatabase: true,
  // Sign-ins per address: the bench signs everybody in from 127.0.0.1.
  authRateLimitPerMinute: 1_000_000,
});
await app.listen({ port: config.port, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });

process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message === 'stop') void Promise.all([app.close(), bare.close()]).then(() => process.exit(0));
});
process.send?.({ ready: true });
