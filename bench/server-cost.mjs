#!/usr/bin/env node
/**
 * Server cost per request (issue 15, section 7): server CPU per request of GET /api/settings, GET /api/auth/user
 * (signed in) and the customer's order list, against a bare Fastify route in the same process and run, on
 * PostgreSQL; and the p99 of sign-ins under 50 concurrent ones.
 *
 * The server runs in a child process (bench/server-child.mjs): the real app configured as production
 * (NODE_ENV=production, LOG_LEVEL=info, JSON logs to stdout, here /dev/null; no Redis, so the rate limits
 * count in the process) and a bare `Fastify()` with one route on another port. This process is the load
 * generator (autocannon, 10 connections); it shares the machine, so the figure is the server's CPU time
 * (process.cpuUsage() read over IPC before and after each batch) divided by the batch's requests, not the
 * throughput. Rounds alternate the four targets so the machine's load falls on all alike; the median round
 * counts, and each target is reported as a ratio to the bare route.
 *
 * Usage: npm run bench:server-cost -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_DB=bench_cost the database's name, BENCH_REQUESTS=2000 per batch, BENCH_ROUNDS=7, BENCH_LOG_LEVEL=info, BENCH_KEEP=1 keeps the database;
 *        BENCH_BASELINE=file.json adds a "before" column from an earlier run's bench/results/server-cost.json)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/accounts.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { BENCH_DIR, admin, connect, databaseUrl, dropDatabase, log, machineConditions, writeResult } from './lib.mjs';

const NAME = process.env.BENCH_DB ?? 'bench_cost';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP = 1000;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PORT = Number(process.env.BENCH_PORT ?? 3501);
const BARE_PORT = PORT + 1;
const LOGIN_CLIENTS = 50;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 150);
const LOGIN_PASSWORD = 'Bench-login-2026';
const GOALS = { settings: 3, 'auth/user': 10, 'order list': 12 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function fill() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = databaseUrl(NAME);
  const database = await openDatabase({ databaseUrl: url });
  await seedDatabase(database.db, { demo: true }); // the demo customer with orders in every status, news, FAQ
  await database.close();
  const c = await connect(url);
  const {
    rows: [branch],
  } = await c.query('select id from branches order by position, id limit 1');
  // The sign-in crowd: 50 customers with one password (hashed once).
  await c.query(
    `insert into users (phone_number, password_hash, first_name, last_name, branch_id, client_code, role, language)
     select '+7703' || lpad(g::text, 7, '0'), $1, 'Login', 'N' || g, $2, 'KZ-' || (300000 + g), 'customer', 'ru'
     from generate_series(1, ${LOGIN_CLIENTS}) g`,
    [await hashPassword(LOGIN_PASSWORD), branch.id],
  );
  await c.query('vacuum analyze');
  await c.end();
  return url;
}

/** The server process: the app on PORT and the bare route on BARE_PORT; `cpu()` reads its process.cpuUsage(). */
async function startServer(url) {
  // No Redis: the rate limits count in the process (one process here).
  const { REDIS_URL: _unused, ...env } = process.env;
  const child = fork(join(BENCH_DIR, 'server-child.mjs'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(PORT),
      BARE_PORT: String(BARE_PORT),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMS_DRIVER: 'outbox',
      DATA_DIR: '/tmp/portal-bench-cost',
      LOG_LEVEL,
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      // Signed-in calls count per account (ADR 007): here one account calls as fast as it can.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const cpu = () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m.cpu.user + m.cpu.system));
      child.send('cpu');
    });
  const stop = () =>
    new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send('stop');
    });
  return { cpu, stop, pid: child.pid };
}

async function fire(target, amount, connections = 10) {
  const res = await autocannon({ url: target.url, headers: target.headers, connections, amount });
  const bad = res.non2xx + res.errors + res.timeouts;
  if (bad) throw new Error(`${target.name}: ${res.non2xx} non-2xx, ${res.errors} errors, ${res.timeouts} timeouts`);
  return res;
}

async function main() {
  const url = await fill();
  log(`database ${NAME} filled`);
  const server = await startServer(url);
  log(`server pid ${server.pid} on ${PORT} (bare route on ${BARE_PORT}), LOG_LEVEL=${LOG_LEVEL}`);
  const api = `http://127.0.0.1:${PORT}/api`;
  try {
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+77010000001', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`demo login: ${login.status} ${await login.text()}`);
    const auth = { authorization: `Bearer ${(await login.json()).data.access.token}`, accept: 'application/json' };
    const statuses = (await (await fetch(`${api}/orders/statuses`, { headers: auth })).json()).data;
    const listed = statuses.reduce((a, b) => ((b.count ?? 0) > (a.count ?? 0) ? b : a), statuses[0]);
    const targets = [
      { name: 'bare', url: `http://127.0.0.1:${BARE_PORT}/bare`, headers: { accept: 'application/json' } },
      { name: 'settings', url: `${api}/settings`, headers: { accept: 'application/json', 'accept-language': 'ru' } },
      { name: 'auth/user', url: `${api}/auth/user`, headers: auth },
      {
        name: 'order list',
        url: `${api}/orders/status/${listed.id}/orders?filters[per_page]=10&filters[page]=1`,
        headers: auth,
      },
    ];
    // BENCH_ONLY=auth/user (a comma-separated list) measures only those, beside the bare route (for profiling).
    const only = process.env.BENCH_ONLY?.split(',');
    if (only) targets.splice(0, targets.length, ...targets.filter((t) => t.name === 'bare' || only.includes(t.name)));
    for (const t of targets) await fire(t, WARMUP);
    log(`warmed up; ${ROUNDS} rounds of ${REQUESTS} requests per target`);

    const perRequest = Object.fromEntries(targets.map((t) => [t.name, []]));
    const rps = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate the order each round so no target always follows the same one.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]);
      for (const t of order) {
        const before = await server.cpu();
        const res = await fire(t, REQUESTS);
        const used = (await server.cpu()) - before;
        perRequest[t.name].push(used / REQUESTS);
        rps[t.name].push(res.requests.average);
      }
      log(`round ${round + 1}: ${targets.map((t) => `${t.name} ${perRequest[t.name].at(-1).toFixed(0)} µs`).join(', ')}`);
    }

    // Sign-ins: 50 connections, each a different customer, all at once.
    let next = 0;
    const phones = Array.from({ length: LOGIN_CLIENTS }, (_, i) => `+7703${String(i + 1).padStart(7, '0')}`);
    const cpuBefore = await server.cpu();
    const loginRes = await autocannon({
      url: `${api}/auth/login`,
      method: 'POST',
      connections: LOGIN_CLIENTS,
      amount: LOGINS,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      setupClient: (client) => {
        client.setBody(JSON.stringify({ phone_number: phones[next++ % phones.length], password: LOGIN_PASSWORD }));
      },
    });
    const loginCpu = ((await server.cpu()) - cpuBefore) / LOGINS / 1000;
    if (loginRes.non2xx || loginRes.errors || loginRes.timeouts)
      throw new Error(`logins: ${loginRes.non2xx} non-2xx, ${loginRes.errors} errors, ${loginRes.timeouts} timeouts`);
    log(`logins: p50 ${loginRes.latency.p50} ms, p99 ${loginRes.latency.p99} ms, ${loginCpu.toFixed(1)} ms CPU each`);

    const bare = median(perRequest.bare);
    const figures = {
      log_level: LOG_LEVEL,
      requests: REQUESTS,
      rounds: ROUNDS,
      cpu_us: Object.fromEntries(targets.map((t) => [t.name, median(perRequest[t.name])])),
      ratio: Object.fromEntries(targets.map((t) => [t.name, median(perRequest[t.name]) / bare])),
      login: { p50: loginRes.latency.p50, p99: loginRes.latency.p99, max: loginRes.latency.max, cpu_ms: loginCpu },
    };
    for (const t of targets)
      console.log(
        `${t.name.padEnd(12)} ${figures.cpu_us[t.name].toFixed(0).padStart(6)} µs CPU  ${figures.ratio[t.name].toFixed(1)}× bare`,
      );
    console.log(`login p99 under ${LOGIN_CLIENTS} concurrent: ${loginRes.latency.p99} ms`);

    const baseline =
      process.env.BENCH_BASELINE && existsSync(process.env.BENCH_BASELINE)
        ? JSON.parse(readFileSync(process.env.BENCH_BASELINE, 'utf8'))
        : null;
    writeFileSync(join(BENCH_DIR, 'results', 'server-cost.json'), `${JSON.stringify(figures, null, 2)}\n`);
    const row = (t) => {
      const spread = `${Math.min(...perRequest[t.name]).toFixed(0)}–${Math.max(...perRequest[t.name]).toFixed(0)}`;
      const goal = GOALS[t.name] ? `≤ ${GOALS[t.name]}×` : '';
      const before = baseline ? ` ${baseline.ratio[t.name].toFixed(1)}× (${baseline.cpu_us[t.name].toFixed(0)} µs) |` : '';
      return `| ${t.name === 'bare' ? 'bare Fastify route' : t.name} |${before} ${figures.cpu_us[t.name].toFixed(0)} | ${spread} | **${figures.ratio[t.name].toFixed(1)}×** | ${goal} | ${median(rps[t.name]).toFixed(0)} |`;
    };
    const md = `# Server cost per request

Measured on ${await machineConditions()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}, ${new Date().toISOString().slice(0, 10)}.

Server CPU time (user + system, \`process.cpuUsage()\` of the server process) per request, median of ${ROUNDS} rounds of
${REQUESTS} requests per target over 10 connections, the targets rotating each round. The app runs as in production
(\`NODE_ENV=production\`, \`LOG_LEVEL=${LOG_LEVEL}\`, JSON logs to stdout, no Redis) on PostgreSQL; the bare route is a plain
\`Fastify()\` with one JSON route in the same process. The load generator runs on the same machine in another process:
its CPU is not counted, and requests per second (last column) say more about the machine than the server.

| request | ${baseline ? 'before |' : ''} µs CPU | spread over rounds | × bare | goal | req/s |
|---|${baseline ? '---:|' : ''}---:|---:|---:|---|---:|
${targets.map(row).join('\n')}

Requests: \`GET /api/settings\` (anonymous, Accept-Language ru), \`GET /api/auth/user\` (signed in, with the notification
groups), \`GET /api/orders/status/{id}/orders?filters[per_page]=10&filters[page]=1\` (the demo customer's fullest status).

## Sign-ins under 50 concurrent

${LOGINS} \`POST /api/auth/login\` over ${LOGIN_CLIENTS} connections at once, each a different customer (argon2id, 19 MiB, 2 passes):
p50 ${loginRes.latency.p50} ms, **p99 ${loginRes.latency.p99} ms** (goal < 1,000 ms), max ${loginRes.latency.max} ms; ${loginCpu.toFixed(1)} ms of server CPU each.
${baseline ? `Before: p50 ${baseline.login.p50} ms, p99 ${baseline.login.p99} ms, ${baseline.login.cpu_ms.toFixed(1)} ms CPU each.\n` : ''}`;
    writeResult('server-cost.md', md);
    log('wrote bench/results/server-cost.md');
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(NAME);
  }
}

await main();
