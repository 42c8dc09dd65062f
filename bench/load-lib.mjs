/**
 * What the load and fault benches share: a database seeded with the demo data and generated customers (each a
 * copy of the demo customer's orders, saved tracks and notifications), the built server started as in production
 * (`node apps/api/dist/server.js`, NODE_ENV=production), the customers signed in, and 200 concurrent clients
 * running a customer's mix of calls with every answer tallied per second.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/seed/accounts.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { BENCH_DIR, connect } from './lib.mjs';

export const ROOT = join(BENCH_DIR, '..');
/** BENCH_SERVER_JS: another build to compare with (e.g. the previous commit's, built elsewhere). */
export const SERVER_JS = process.env.BENCH_SERVER_JS ?? join(ROOT, 'apps/api/dist/server.js');
export const PASSWORD = 'Bench-load-2026';
export const METRICS_TOKEN = randomBytes(16).toString('hex');
const phoneOf = (i) => `+7704${String(i + 1).padStart(7, '0')}`;

/** Migrations, reference data and demo content, then `customers` customers shaped like the demo customer. */
export async function seedLoadDatabase(url, customers) {
  const database = await openDatabase({ databaseUrl: url });
  await seedDatabase(database.db, { demo: true });
  await database.close();
  const c = await connect(url);
  try {
    const demoPhone = DEMO_ACCOUNTS.find((a) => a.role === 'customer').phone;
    const {
      rows: [demo],
    } = await c.query('select id, branch_id from users where phone_number = $1', [demoPhone]);
    await c.query(
      `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
       select '+7704' || lpad(g::text, 7, '0'), $1, 'Load', 'N' || g, $2, 'KZ-' || (400000 + g), 'customer',
              (array['kk', 'ru', 'en'])[1 + g % 3]
       from generate_series(1, ${customers}) g`,
      [await hashPassword(PASSWORD), demo.branch_id],
    );
    const columns = async (table, except) =>
      (
        await c.query(
          `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
          [table],
        )
      ).rows
        .map((r) => r.column_name)
        .filter((name) => !except.includes(name));
    const generated = `select id from users where phone_number like '+7704%'`;
    // The demo customer's orders, each with its own track code per customer.
    const orderCols = await columns('orders', ['id', 'user_id', 'track_code']);
    await c.query(
      `insert into orders (user_id, track_code, ${orderCols.join(', ')})
       select u.id, o.track_code || '-' || u.id, ${orderCols.map((col) => `o.${col}`).join(', ')}
       from orders o cross join (${generated}) u where o.user_id = $1`,
      [demo.id],
    );
    const noteCols = await columns('notifications', ['id', 'user_id']);
    await c.query(
      `insert into notifications (user_id, ${noteCols.join(', ')})
       select u.id, ${noteCols.map((col) => `n.${col}`).join(', ')}
       from notifications n cross join (${generated}) u where n.user_id = $1`,
      [demo.id],
    );
    const trackCols = await columns('saved_tracks', ['id', 'user_id']);
    await c.query(
      `insert into saved_tracks (user_id, ${trackCols.join(', ')})
       select u.id, ${trackCols.map((col) => `t.${col}`).join(', ')}
       from saved_tracks t cross join (${generated}) u where t.user_id = $1`,
      [demo.id],
    );
    await c.query('vacuum analyze');
    const {
      rows: [counts],
    } = await c.query(
      `select (select count(*) from users where role = 'customer')::int customers, (select count(*) from orders)::int orders,
              (select count(*) from notifications)::int notifications`,
    );
    return counts;
  } finally {
    await c.end();
  }
}

/** The built server as in production, its output in `logFile`; resolves when /api/health/ready answers 200. */
export async function startBuiltServer({ url, port, logFile, env = {} }) {
  if (!existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: run npm run build first`);
  const dataDir = join('/tmp', `portal-bench-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const { REDIS_URL: _unused, ...inherited } = process.env;
  // BENCH_SERVER_ARGS: Node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to see where its time goes).
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMS_DRIVER: 'outbox',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      // The bench signs its 200 customers in from one address (127.0.0.1); the limit per account stays the default.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(logFile);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    const ok = await fetch(`${base}/api/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`server not ready in 180 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { base, child, stop };
}

/** Signs the generated customers in (10 at a time) and reads what each one's calls need: a status with orders and one order. */
export async function signIn(base, customers) {
  const out = [];
  for (let from = 0; from < customers; from += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, customers - from) }, async (_, k) => {
        const i = from + k;
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ phone_number: phoneOf(i), password: PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`login ${phoneOf(i)}: ${res.status} ${await res.text()}`);
        const token = (await res.json()).data.access.token;
        const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
        const statuses = (await (await fetch(`${base}/api/orders/statuses`, { headers })).json()).data;
        const status = statuses.find((s) => s.count > 0) ?? statuses[0];
        const list = (
          await (await fetch(`${base}/api/orders/status/${status.id}/orders?filters[per_page]=10&filters[page]=1`, { headers })).json()
        ).data;
        return { headers, statusId: status.id, orderId: list[0]?.id, lang: ['kk', 'ru', 'en'][(i + 1) % 3] };
      }),
    );
    out.push(...batch);
  }
  return out;
}

/**
 * One customer's round of calls, as the web app makes them: opening the orders page (user with the notification
 * badge, statuses, a list), one order, saved tracks, the settings and some public content, the badge again.
 */
export function customerCalls(c) {
  const get = (path, headers = c.headers) => ({ method: 'GET', path, headers: { ...headers, 'accept-language': c.lang } });
  const anon = { accept: 'application/json' };
  return [
    get('/api/auth/user'),
    get('/api/settings', anon),
    get('/api/orders/statuses'),
    get(`/api/orders/status/${c.statusId}/orders?filters[per_page]=10&filters[page]=1`),
    ...(c.orderId ? [get(`/api/orders/${c.orderId}`)] : []),
    get('/api/saved-tracks'),
    get('/api/news?filters[page]=1&filters[per_page]=10', anon),
    get('/api/faqs', anon),
    get('/api/auth/user'),
  ];
}

/**
 * `connections` clients for `seconds`, each a signed-in customer repeating customerCalls. Every answer is tallied
 * per second from `t0` by status (and socket errors/timeouts as 'error'); `onSecond(second)` runs each second.
 */
export async function runLoad({ base, clients, seconds, connections = 200, onSecond, t0 = Date.now() }) {
  let next = 0;
  const perSecond = [];
  // When the last answer other than 2xx came (ms after t0).
  let lastNon2xx = null;
  const tally = (key) => {
    const now = Date.now();
    const s = Math.floor((now - t0) / 1000);
    perSecond[s] ??= {};
    perSecond[s][key] = (perSecond[s][key] ?? 0) + 1;
    if (!/^2\d\d$/.test(key)) lastNon2xx = now - t0;
  };
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: customerCalls(clients[0]),
    setupClient: (client) => {
      client.setRequests(customerCalls(clients[next++ % clients.length]));
    },
  });
  instance.on('response', (_client, statusCode) => tally(String(statusCode)));
  instance.on('reqError', () => tally('error'));
  let second = 0;
  const ticker = setInterval(() => {
    second += 1;
    onSecond?.(second);
  }, 1000);
  const result = await instance;
  clearInterval(ticker);
  return { result, perSecond, t0, lastNon2xx };
}

/** Totals of a per-second tally. */
export function totals(perSecond) {
  const all = {};
  for (const s of perSecond) for (const [k, n] of Object.entries(s ?? {})) all[k] = (all[k] ?? 0) + n;
  return all;
}
