#!/usr/bin/env node
/**
 * Broadcast fan-out at 1,000,000 recipients (issue 13; set-wise since issue 38, ADR 096): the admin's POST returns at
 * once, the fan-out cuts the segment into id ranges of 25,000 written two at once (BENCH_FANOUT_WORKERS), each range's
 * recipients' notifications, delivery rows and delivery jobs with one
 * INSERT … SELECT per table, and the sending that follows is paced per channel while the API keeps answering.
 *
 * Builds the PostgreSQL database bench_broadcast on the local server (migrations through the API's openDatabase,
 * reference data, one admin, BENCH_RECIPIENTS customers by generate_series; 10% of them turned news × SMS on, so
 * 100,000 SMS deliveries are queued). Then it builds the real app (buildApp, NOTIFY_WORKER=true: this process also
 * works the queue; SMS_PER_SECOND=BENCH_SMS_RATE) with a counting SMS driver, schedules a broadcast to every customer
 * through POST /api/admin/broadcasts, moves its send time to now (the 60 s cancel window is not what is measured),
 * and times the queueing (until every recipient is written) while calling GET /api/auth/user every 250 ms to time
 * what customers get meanwhile; then it counts the SMS the worker sends for BENCH_SEND_SECONDS to show the pace.
 * Writes bench/results/broadcast-fanout.{md,json}.
 *
 * Usage: npm run bench:broadcast -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_RECIPIENTS=1000000, BENCH_SMS_RATE=50, BENCH_SEND_SECONDS=30; BENCH_KEEP=1 keeps the database)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const SMS_RATE = Number(process.env.BENCH_SMS_RATE ?? 50);
const SEND_SECONDS = Number(process.env.BENCH_SEND_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_FANOUT_WORKERS ?? 2);
/** The machine's load average (1, 5, 15 min): the machine is shared, every figure is read next to it. */
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const NAME = process.env.BENCH_DB ?? 'bench_broadcast';
/** With BENCH_SEED_DB the seeded customers are kept in that database and copied (CREATE DATABASE … TEMPLATE, seconds)
 * for each run instead of seeded again (158 s at a million): seeded on the first run, reused after. */
const SEED_DB = process.env.BENCH_SEED_DB ?? null;
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
  if (SEED_DB) {
    const { rows } = await admin(`select 1 from pg_database where datname = '${SEED_DB}'`);
    if (!rows.length) {
      await seed(`${SERVER}/${SEED_DB}`, SEED_DB);
    } else log(`reusing the customers seeded in ${SEED_DB}`);
    await admin(`create database ${NAME} template ${SEED_DB}`);
    return false;
  }
  await seed(url, NAME);
  return true;
}

async function seed(url, name) {
  await admin(`create database ${name}`);
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
  const fillStart = Date.now();
  const seeded = await fill(url);
  const fillSeconds = (Date.now() - fillStart) / 1000;
  if (process.env.BENCH_SEED_ONLY === '1') return process.exit(0);
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'test',
    NOTIFY_WORKER: 'true',
    SMS_PER_SECOND: String(SMS_RATE),
    BROADCAST_FANOUT_WORKERS: String(WORKERS),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/portal-bench-data',
    WEB_DIST: '/nonexistent',
  });
  const smsAt = [];
  const sms = { name: 'count', send: async () => void smsAt.push(performance.now()) };
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
  const loadBefore = loadavg();
  const t0 = performance.now();
  const probes = [];
  const timeline = [];
  let queuedAt = 0;
  let lastLog = 0;
  while (performance.now() - t0 < 30 * 60_000) {
    const p0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/auth/user', headers });
    probes.push(performance.now() - p0);
    if (res.statusCode !== 200) throw new Error(`probe ${res.statusCode}`);
    const {
      rows: [row],
    } = await database.executeSql(`select state, progress from broadcasts where id = $1`, [b.id]);
    const at = (performance.now() - t0) / 1000;
    if (at - lastLog >= 5) {
      lastLog = at;
      timeline.push({ seconds: Number(at.toFixed(1)), written: row.progress, sms_sent: smsAt.length });
      log(`${at.toFixed(0)} s: ${row.state}, ${row.progress} written, ${smsAt.length} SMS sent`);
    }
    if (row.state === 'sent') {
      queuedAt = performance.now() - t0;
      timeline.push({ seconds: Number((queuedAt / 1000).toFixed(1)), written: row.progress, sms_sent: smsAt.length });
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const loadAfter = loadavg();
  // What the admin sees once queued (the GET with the delivery counts), then the pace of sending.
  const adminStart = performance.now();
  const shown = JSON.parse((await app.inject({ method: 'GET', url: `/api/admin/broadcasts/${b.id}`, headers })).body).data;
  const adminGetMs = performance.now() - adminStart;
  const sendFrom = performance.now();
  const before = smsAt.length;
  await new Promise((r) => setTimeout(r, SEND_SECONDS * 1000));
  const windowSms = smsAt.filter((t) => t >= sendFrom).length;
  // The busiest single second of the window.
  let busiest = 0;
  for (const t of smsAt) if (t >= sendFrom) busiest = Math.max(busiest, smsAt.filter((x) => x >= t && x < t + 1000).length);
  const sorted = [...probes].sort((a, c) => a - c);
  const {
    rows: [{ n, deliveries, jobs }],
  } = await database.executeSql(
    `select (select count(*)::int from notifications where broadcast_id = $1) n,
            (select count(*)::int from notification_deliveries d join notifications x on x.id = d.notification_id where x.broadcast_id = $1) deliveries,
            (select count(*)::int from pgboss.job where name = 'notification-deliver') jobs`,
    [b.id],
  );
  // Each fan-out job's own time (pg-boss's start and completion): the cut, and every range of 25,000.
  const { rows: jobRows } = await database.executeSql(
    `select data ? 'after' as range, extract(epoch from completed_on - started_on)::float8 as s
     from pgboss.job where name = 'broadcast-fanout' and data->>'broadcast_id' = $1 and state = 'completed'`,
    [String(b.id)],
  );
  const rangeS = jobRows
    .filter((r) => r.range)
    .map((r) => Number(r.s))
    .sort((a, c) => a - c);
  const cutS = jobRows.filter((r) => !r.range).map((r) => Number(r.s))[0] ?? 0;
  const {
    rows: [{ pgv }],
  } = await database.executeSql(`select current_setting('server_version') pgv`);
  const queuedS = queuedAt / 1000;
  const result = {
    recipients: RECIPIENTS,
    fill_seconds: fillSeconds,
    count_ms: Math.round(countMs),
    create_ms: Math.round(createMs),
    queued_seconds: Number(queuedS.toFixed(1)),
    fanout_workers: WORKERS,
    cut_job_seconds: Number(cutS.toFixed(2)),
    range_jobs: rangeS.length,
    range_job_seconds: { p50: Number(pct(rangeS, 50).toFixed(2)), max: Number((rangeS.at(-1) ?? 0).toFixed(2)) },
    load_average_before: loadBefore,
    load_average_after: loadAfter,
    recipients_per_second: Math.round(n / queuedS),
    notifications_written: n,
    deliveries_written: deliveries,
    deliver_jobs: jobs,
    admin_get_ms: Math.round(adminGetMs),
    admin_view: { state: shown.state, progress: shown.progress, recipients: shown.recipients, sent: shown.sent, queued: shown.queued },
    sms_rate_configured: SMS_RATE,
    sms_sent_while_queueing: before,
    sms_window_seconds: SEND_SECONDS,
    sms_per_second: Number((windowSms / SEND_SECONDS).toFixed(1)),
    sms_busiest_second: busiest,
    auth_user_probe_ms: { n: probes.length, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: sorted.at(-1) },
    timeline,
    postgres: pgv,
    generated: new Date().toISOString(),
  };
  const ms = (v) => v.toFixed(1);
  const md = `# Broadcast fan-out at ${formatNumber(RECIPIENTS, 'en')} recipients

One broadcast to every customer (${formatNumber(RECIPIENTS, 'en')}, languages kk/ru/en in thirds; 10% turned news × SMS on)
through the real API (\`buildApp\`, one process with \`NOTIFY_WORKER=true\`, \`BROADCAST_FANOUT_WORKERS=${WORKERS}\`) on
PostgreSQL ${pgv} at 127.0.0.1:5432, on the shared 2-core machine (other work running): **load average ${loadBefore}
when the fan-out started, ${loadAfter} when it was queued** (1, 5, 15 min). The 60 s cancel window is skipped (send time moved to now).
${seeded ? `Customers seeded with one \`generate_series\` INSERT in ${fillSeconds.toFixed(0)} s (with the schema and reference data).` : `Customers (seeded once by \`generate_series\` into \`${SEED_DB}\`) copied for this run in ${fillSeconds.toFixed(0)} s (\`CREATE DATABASE … TEMPLATE\`).`}

| step | result |
|---|---|
| \`POST admin/broadcasts/count\` (all customers) | ${result.count_ms} ms |
| \`POST admin/broadcasts\` (answers at once; the fan-out is queued) | ${result.create_ms} ms |
| **queued: every recipient's notification, delivery rows and delivery jobs written** (ranges of 25,000, ${WORKERS} written at once, one INSERT … SELECT per table) | **${queuedS.toFixed(1)} s** (${formatNumber(result.recipients_per_second, 'en')} recipients/s; target < 120 s) |
| one fan-out job's own time (pg-boss start → completion) | cutting into ranges ${cutS.toFixed(1)} s; each of the ${rangeS.length} ranges p50 ${pct(rangeS, 50).toFixed(1)} s, max ${(rangeS.at(-1) ?? 0).toFixed(1)} s (${WORKERS} at once) |
| recipients written | ${formatNumber(n, 'en')} notifications, ${formatNumber(deliveries, 'en')} SMS delivery rows, ${formatNumber(jobs, 'en')} delivery jobs |
| \`GET admin/broadcasts/:id\` once queued (progress and delivery counts) | ${result.admin_get_ms} ms: ${shown.state}, ${formatNumber(shown.progress, 'en')} of ${formatNumber(shown.recipients, 'en')}, sent ${shown.sent}, queued ${formatNumber(shown.queued, 'en')} |
| SMS sent, paced at \`SMS_PER_SECOND=${SMS_RATE}\` (${SEND_SECONDS} s window after queueing) | ${result.sms_per_second}/s (busiest second ${busiest}); ${before} already sent while queueing |
| \`GET /api/auth/user\` meanwhile (${probes.length} calls, one each 250 ms) | p50 ${ms(pct(sorted, 50))} ms, p95 ${ms(pct(sorted, 95))} ms, p99 ${ms(pct(sorted, 99))} ms, max ${ms(sorted.at(-1))} ms |

Progress over time (s → recipients written, SMS sent): ${timeline.map((t) => `${t.seconds} → ${formatNumber(t.written, 'en')}, ${t.sms_sent}`).join('; ')}.

The request never does the fan-out: it writes the broadcast and its first queue job (\`startAfter\` = send time) in one
transaction. That job, under the broadcast's row lock, cuts the segment's customers into id ranges of 25,000
(\`broadcast_chunks\`) and writes one \`broadcast-fanout\` job per range; the worker takes ${WORKERS} at once. Each range job,
under its range's row lock, writes that range's customers with one INSERT … SELECT into notifications (the unique
(broadcast, user) key makes a repeat write nothing), one into notification_deliveries (the channel rules as joins),
the delivery jobs in one pg-boss insert, and marks the range done in the same transaction: a crash loses at most the
open range, which the retried job writes again, and a redelivered job of a done range writes nothing. The last range
to finish marks the broadcast sent. Sending is paced per channel by a token bucket shared through Redis (here one process,
no Redis: the process's own bucket). The full send of ${formatNumber(deliveries, 'en')} SMS at ${SMS_RATE}/s would take
${formatNumber(Math.round(deliveries / SMS_RATE / 60), 'en')} min; the bench stops after the window.

Generated ${result.generated} by \`npm run bench:broadcast -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'broadcast-fanout.md'), md);
  writeFileSync(join(here, 'results', 'broadcast-fanout.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(md);
  await app.close().catch((err) => log(`close: ${err.message}`));
  if (process.env.BENCH_KEEP !== '1') await admin(`drop database if exists ${NAME} with (force)`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
