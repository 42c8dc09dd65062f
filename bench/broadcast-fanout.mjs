#!/usr/bin/env node
/**
 * Broadcast fan-out at 100,000 recipients (issue 13): the admin's POST returns at once, the fan-out runs in
 * batches through the notification queue, and the API keeps answering meanwhile.
 *
 * Builds the PostgreSQL database bench_broadcast on the local server (migrations through the API's
 * openDatabase, reference data, one admin, 100,000 customers; 10% of them turned news × SMS on, so 10,000
 * SMS deliveries go through the queue's delivery worker to a counting driver). Then it builds the real app
 * (buildApp, NOTIFY_WORKER=true: this process also works the queue), schedules a broadcast to every customer
 * through POST /api/admin/broadcasts, moves its send time to now (the 60 s cancel window is not what is
 * measured), and while the fan-out runs it calls GET /api/auth/user every 100 ms to time what customers get.
 * Writes bench/results/broadcast-fanout.md.
 *
 * Usage: npm run bench:broadcast -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_RECIPIENTS=100000; BENCH_KEEP=1 keeps the database)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { formatNumber } from '../packages/contract/src/common/format.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const NAME = 'bench_broadcast';
const ADMIN_PHONE = '+77098888888';
const PASSWORD = 'Bench-admin-2026';

const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

async function admin(sql) {
  const c = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

async function fill(url) {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const database = await openDatabase({ databaseUrl: url });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  const {
    rows: [branch],
  } = await c.query('select id from branches order by position, id limit 1');
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, client_code, role, language)
     values ($1, $2, 'Bench', 'Admin', 'KZ-80000', 'admin', 'en')`,
    [ADMIN_PHONE, await hashPassword(PASSWORD)],
  );
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
     select '+7702' || lpad(g::text, 7, '0'), 'not-a-login', 'Customer', 'N' || g, $1, 'KZ-' || (200000 + g), 'customer',
            (array['kk', 'ru', 'en'])[1 + g % 3]
     from generate_series(1, ${RECIPIENTS}) g`,
    [branch.id],
  );
  await c.query(
    `insert into notification_preferences (user_id, event, channel, enabled)
     select id, 'news', 'sms', true from users where role = 'customer' and id % 10 = 0`,
  );
  await c.query('vacuum analyze users');
  await c.end();
  log(`${formatNumber(RECIPIENTS, 'en')} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const started = Date.now();
  const url = `${SERVER}/${NAME}`;
  await fill(url);
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'test',
    NOTIFY_WORKER: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/portal-bench-data',
    WEB_DIST: '/nonexistent',
  });
  let smsSent = 0;
  const sms = { name: 'count', send: async () => void (smsSent += 1) };
  const app = await buildApp({ config, database, sms, closeDatabase: true, logger: false, authRateLimitPerMinute: 1_000_000 });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone_number: ADMIN_PHONE, password: PASSWORD } });
  const token = JSON.parse(login.body).data.access.token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const text = (s) => ({ kk: `${s} (kk)`, ru: `${s} (ru)`, en: s });

  const countStart = performance.now();
  const counted = await app.inject({ method: 'POST', url: '/api/admin/broadcasts/count', headers, payload: { segment: {} } });
  const countMs = performance.now() - countStart;
  const createStart = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/broadcasts',
    headers,
    payload: { title: text('Holiday hours'), body: text('Branches close early on Friday.'), segment: {} },
  });
  const createMs = performance.now() - createStart;
  const b = JSON.parse(created.body).data;
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  log(`count ${JSON.parse(counted.body).data.recipients} in ${countMs.toFixed(0)} ms; created #${b.id} in ${createMs.toFixed(0)} ms`);

  // Skip the cancel window: send now.
  await database.executeSql(`update broadcasts set send_at = now() where id = $1`, [b.id]);
  await database.executeSql(`update pgboss.job set start_after = now() where name = 'broadcast-fanout' and data->>'broadcast_id' = $1`, [
    String(b.id),
  ]);
  const t0 = performance.now();
  const probes = [];
  let state = b.state;
  let fannedAt = 0;
  let last = b;
  while (performance.now() - t0 < 30 * 60_000) {
    const p0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/auth/user', headers });
    probes.push(performance.now() - p0);
    if (res.statusCode !== 200) throw new Error(`probe ${res.statusCode}`);
    if (probes.length % 10 === 0) {
      last = JSON.parse((await app.inject({ method: 'GET', url: `/api/admin/broadcasts/${b.id}`, headers })).body).data;
      if (last.state !== state) log(`state ${last.state}, ${last.progress} written`);
      state = last.state;
      if (state === 'sent' && !fannedAt) fannedAt = performance.now() - t0;
      if (state === 'sent' && last.queued === 0) break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const allMs = performance.now() - t0;
  const sorted = [...probes].sort((a, c) => a - c);
  const {
    rows: [{ n }],
  } = await database.executeSql(`select count(*)::int n from notifications where broadcast_id = $1`, [b.id]);
  const {
    rows: [{ pgv }],
  } = await database.executeSql(`select current_setting('server_version') pgv`);
  await app.close();
  if (process.env.BENCH_KEEP !== '1') await admin(`drop database if exists ${NAME} with (force)`);

  const md = `# Broadcast fan-out at ${formatNumber(RECIPIENTS, 'en')} recipients

One broadcast to every customer (${formatNumber(RECIPIENTS, 'en')}, languages kk/ru/en in thirds; 10% turned news × SMS on)
through the real API (\`buildApp\`, one process with \`NOTIFY_WORKER=true\`) on PostgreSQL ${pgv} at 127.0.0.1:5432,
on the CI machine (2 cores shared with other work). The 60 s cancel window is skipped (send time moved to now).

| step | result |
|---|---|
| \`POST admin/broadcasts/count\` (all customers) | ${countMs.toFixed(0)} ms |
| \`POST admin/broadcasts\` (answers at once; the fan-out is queued) | ${createMs.toFixed(0)} ms |
| fan-out: every recipient's notification written (batches of 1,000, one job each) | ${(fannedAt / 1000).toFixed(1)} s (${formatNumber(Math.round(n / (fannedAt / 1000)), 'en')} recipients/s) |
| recipients written | ${formatNumber(n, 'en')} (${formatNumber(last.recipients, 'en')} counted by the broadcast) |
| SMS deliveries sent by the queue's worker | ${formatNumber(smsSent, 'en')} (broadcast counts: sent ${last.sent}, failed ${last.failed}, queued ${last.queued}) |
| until every delivery was done | ${(allMs / 1000).toFixed(1)} s |
| \`GET /api/auth/user\` meanwhile (${probes.length} calls, one each 100 ms) | p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms |

The request never does the fan-out: it writes the broadcast and its first queue job (\`startAfter\` = send time) in one
transaction. Each \`broadcast-fanout\` job locks the broadcast row, writes the next 1,000 customers' notifications with
their delivery rows and jobs through \`notificationsService.notify\`, moves the cursor and writes the next job — in one
transaction, so a crashed or redelivered job repeats nothing. Workers in several processes share the jobs.

Generated ${new Date().toISOString()} by \`npm run bench:broadcast -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'broadcast-fanout.md'), md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
