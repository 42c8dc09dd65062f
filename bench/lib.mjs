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
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';

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

/**
 * A branch's history for the warehouse benches (parcel-work, bag-arrival): one warehouse and one branch staff member
 * signing in with `password`, `customers` customers of the first branch, and `history` delivered parcels of theirs
 * spread over 400 days; then VACUUM ANALYZE. Returns the branch, the status ids by code and the first customer's id.
 */
export async function fillBranchHistory(url, { customers, history, warehousePhone, branchPhone, password }) {
  const c = await connect(url);
  const t0 = Date.now();
  const hash = await hashPassword(password);
  const {
    rows: [branch],
  } = await c.query('select id, tariff, currency from branches order by position, id limit 1');
  const { rows: statuses } = await c.query('select id, code from order_statuses');
  const sid = Object.fromEntries(statuses.map((s) => [s.code, s.id]));
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, client_code, role, place_kind, place_branch_id)
     values ($1, $3, 'Bench', 'Warehouse', 'KZ-70001', 'staff', 'china_warehouse', null),
            ($2, $3, 'Bench', 'Branch', 'KZ-70002', 'staff', 'branch', $4)`,
    [warehousePhone, branchPhone, hash, branch.id],
  );
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
     select '+7703' || lpad(g::text, 7, '0'), 'not-a-login', 'Customer', 'N' || g, $1, 'KZ-' || (300000 + g), 'customer',
            (array['kk', 'ru', 'en'])[1 + g % 3]
     from generate_series(1, ${customers}) g`,
    [branch.id],
  );
  const {
    rows: [{ first }],
  } = await c.query(`select min(id) first from users where role = 'customer'`);
  await c.query(
    `insert into orders (user_id, track_code, name, weight, price, currency, tariff, status_id, branch_id,
                         received_at, dispatched_at, arrived_at, delivered_at, storage_until, created_at, updated_at)
     select ${first} + g % ${customers}, 'BH' || lpad(g::text, 12, '0'), 'Item ' || g, 1.5, round(1.5 * $2::bigint), $3, $2,
            ${sid.delivered}, $1, r, r + interval '2 days', r + interval '11 days', r + interval '13 days',
            (r + interval '25 days')::date, r, r
     from (select g, now() - ((g % 400) || ' days')::interval r from generate_series(1, ${history}) g) x`,
    [branch.id, branch.tariff, branch.currency],
  );
  await c.query('vacuum analyze');
  await c.end();
  log(`filled in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { branchId: branch.id, sid, first };
}

/** Runs `fn` and returns how long it took (ms) with its result. */
export async function timed(fn) {
  const t = process.hrtime.bigint();
  const res = await fn();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, res };
}
