/**
 * What every data-scale bench shares: the PostgreSQL server, a fresh migrated and seeded database, the real app
 * (buildApp) signed in as one account, timing app.inject calls, percentiles and the machine's conditions.
 */
import { randomBytes } from 'node:crypto';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const SERVER = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

export const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** One statement on the server's maintenance database (create and drop databases). */
export async function admin(sql) {
  const c = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function databaseExists(name) {
  const r = await admin(`select 1 from pg_database where datname = '${name}'`);
  return r.rowCount > 0;
}

export const databaseUrl = (name) => `${SERVER}/${name}`;

/** A new database `name` (dropped first) with the migrations applied through the API's openDatabase and the reference seed. */
export async function freshDatabase(name) {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ databaseUrl: url }); // applies the migrations
  await seedDatabase(database.db, { demo: false }); // countries, branches, statuses
  await database.close();
  return url;
}

export async function dropDatabase(name) {
  await admin(`drop database if exists ${name} with (force)`);
}

/** A connected pg client on `url`; the caller ends it. */
export async function connect(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** The real app on `url`, signed in as `phone`/`password`: `{ app, headers }` (bearer and JSON accept). */
export async function startApp(url, { phone, password, env = {} }) {
  const database = await openDatabase({ databaseUrl: url });
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/portal-bench-data',
    WEB_DIST: '/nonexistent',
    // Signed-in calls count per account (ADR 007): the bench is one account calling as fast as it can.
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, database, closeDatabase: true, logger: false, authRateLimitPerMinute: 1_000_000 });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone_number: phone, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().data.access.token}`, accept: 'application/json' };
  return { app, database, headers };
}

/**
 * Times `n` GET calls of `url` (a string or a function of the call's index) one at a time, in ms. The global rate
 * limit is per address: each call comes from another one, so the bench measures the call, not the limiter's 429.
 */
export async function timeGets(target, url, n) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const u = typeof url === 'function' ? url(i) : url;
    const t = process.hrtime.bigint();
    const res = await target.app.inject({
      method: 'GET',
      url: u,
      headers: target.headers,
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    });
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${u} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return out;
}

export function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** n, p50, p95, p99 and max of a list of times. */
export function summary(samples) {
  const s = Float64Array.from(samples).sort();
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] };
}

export async function serverVersion() {
  const r = await admin('show server_version');
  return r.rows[0].server_version.split(' ')[0];
}

/** One sentence on the machine a result was measured on: CPUs, load, memory, PostgreSQL. */
export async function machineConditions() {
  const cores = cpus();
  const [l1, l5] = loadavg();
  return (
    `${cores.length} × ${cores[0]?.model.trim() ?? 'CPU'}, load average ${l1.toFixed(1)} (1 min) / ${l5.toFixed(1)} (5 min) ` +
    `when the results were written (the machine is shared with other work), ${(freemem() / 2 ** 30).toFixed(1)} of ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB memory free, PostgreSQL ${await serverVersion()} at 127.0.0.1:5432, Node ${process.version}`
  );
}

export function writeResult(file, md) {
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  writeFileSync(join(BENCH_DIR, 'results', file), md);
}
