/**
 * The server side of bench/session-check.mjs, in its own process so the load generator's CPU is not counted: the real
 * app (buildApp from source on PostgreSQL, configured from the environment) on PORT, with the session check timed. Every
 * signed-in request checks its session through `sessionsRepository.findWithUser` (GET auth/user through
 * `findWithUserAndNotifications`, which also reads the notifications); both are wrapped to add up their wall time, and
 * onRequest/onResponse hooks add up each request's. With SESSION_MEMO=1 `findWithUser` answers from a Map after the
 * first read (a cache with no cost at all: the most any session cache could save). The parent asks over IPC for the
 * totals and process.cpuUsage() before and after each round.
 */
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { sessionsRepository } from '../apps/api/src/modules/auth/sessions-repository.ts';

const totals = { requests: 0, requestMs: 0, checks: 0, checkMs: 0, combined: 0, combinedMs: 0 };
const memo = process.env.SESSION_MEMO === '1' ? new Map() : null;
const now = () => Number(process.hrtime.bigint()) / 1e6;

const findWithUser = sessionsRepository.findWithUser.bind(sessionsRepository);
sessionsRepository.findWithUser = async (db, sessionId) => {
  if (memo?.has(sessionId)) {
    totals.checks += 1;
    return memo.get(sessionId);
  }
  const t = now();
  const row = await findWithUser(db, sessionId);
  totals.checks += 1;
  totals.checkMs += now() - t;
  memo?.set(sessionId, row);
  return row;
};
const combined = sessionsRepository.findWithUserAndNotifications.bind(sessionsRepository);
sessionsRepository.findWithUserAndNotifications = async (...args) => {
  const t = now();
  const row = await combined(...args);
  totals.combined += 1;
  totals.combinedMs += now() - t;
  return row;
};

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp({ config, database, closeDatabase: true, authRateLimitPerMinute: 1_000_000 });
app.addHook('onRequest', async (request) => {
  request.benchStart = now();
});
app.addHook('onResponse', async (request) => {
  if (request.benchStart === undefined) return;
  totals.requests += 1;
  totals.requestMs += now() - request.benchStart;
});
await app.listen({ port: config.port, host: '127.0.0.1' });

process.on('message', (message) => {
  if (message === 'stats') process.send?.({ cpu: process.cpuUsage(), totals: { ...totals } });
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
process.send?.({ ready: true });
