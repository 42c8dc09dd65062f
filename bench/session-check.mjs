#!/usr/bin/env node
/**
 * What the session check costs at 2,000 requests per second (issue 38 part 5).
 *
 * The built server as in production (`node apps/api/dist/server.js`, NODE_ENV=production, PostgreSQL) with
 * BENCH_CUSTOMERS signed-in customers (bench/load-lib.mjs), driven open-loop: requests leave on a fixed schedule
 * whatever the answers do (many keep-alive sockets; a request waiting for a socket waits on the clock), and each
 * latency is counted from when the request was due, so a server that falls behind shows it (no coordinated omission).
 * Each phase sends one kind of request at one rate for BENCH_SECONDS, the customers taking turns:
 *
 * - `settings`: GET /api/settings, no session (the comparison);
 * - `users/self`: GET /api/users/{own id}, the cheapest signed-in read: the session check is its only database work
 *   (the handler answers the row the check read), so this request minus `settings` is what the check adds;
 * - `auth/user`: GET /api/auth/user, the read every page makes (the check and the notification badge in one statement).
 *
 * `auth/user` reads its notifications in the same statement as the check (`authenticateWith`), so the cache does not
 * serve it; it runs on `pg` only.
 *
 * Per phase: achieved rate (answers per second of the phase), p50/p95/p99/max from due time, non-2xx, and CPU per
 * request of the server process and of its PostgreSQL backends (/proc/<pid>/stat utime+stime of the backends
 * connected to this bench's database, which serve nobody else), with the 1-minute load average. Also the session
 * statement's own round trip, timed from a separate connection while the `users/self` phase runs.
 *
 * Usage: npm run bench:session-check -w bench   (npm run build first)
 *   BENCH_RATES=2000 (comma-separated: a ladder), BENCH_SECONDS=15, BENCH_CUSTOMERS=300, BENCH_PORT=3421,
 *   BENCH_DB=session_cache_bench, BENCH_REDIS_URL=redis://127.0.0.1:6379/7, BENCH_KEEP=1 keeps the database.
 *
 * Two servers run side by side on the same database, secret and Redis (rate limits counted there by both):
 * `pg` with SESSION_CACHE=off (every check asks PostgreSQL, as without the cache) on BENCH_PORT, `cache` (ADR 099) on
 * BENCH_PORT + 1. Their signed-in phases alternate, so the machine's load falls on both alike. Writes
 * bench/results/session-check.json; the commentary is bench/results/session-check.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, admin, connect, databaseUrl, dropDatabase, log, machineConditions, summary } from './lib.mjs';
import { seedLoadDatabase, signIn, startBuiltServer } from './load-lib.mjs';

const NAME = process.env.BENCH_DB ?? 'session_cache_bench';
const RATES = (process.env.BENCH_RATES ?? '2000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3421);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const TICK = 1; // ms between scheduling passes
const CLK = 100; // USER_HZ

/** utime + stime of a process in µs (0 when it is gone). */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLK;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends one server opened on the bench database (its pool names itself: application_name). */
async function backendPids(monitor, app) {
  const { rows } = await monitor.query('select pid from pg_stat_activity where datname = $1 and application_name = $2', [NAME, app]);
  return rows.map((r) => r.pid);
}

/** Open-loop: `rate` requests per second for `seconds`, `pick(i)` giving the i-th request's path and headers. */
async function openLoop({ port, rate, seconds, pick }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let sent = 0;
  let done = 0;
  let non2xx = 0;
  let errors = 0;
  const statuses = {};
  const t0 = performance.now();
  await new Promise((resolve) => {
    const finish = (i, due, status) => {
      latencies[i] = performance.now() - due;
      if (status === 0) errors += 1;
      else if (status < 200 || status >= 300) {
        non2xx += 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      done += 1;
      if (done === total) resolve();
    };
    const fire = (i, due) => {
      const { path, headers } = pick(i);
      const req = http.request({ host: '127.0.0.1', port, path, headers, agent, method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () => finish(i, due, res.statusCode));
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => finish(i, due, 0));
      req.end();
    };
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - t0) / 1000) * rate));
      for (; sent < due; sent += 1) fire(sent, t0 + (sent * 1000) / rate);
      if (sent === total) clearInterval(timer);
    }, TICK);
  });
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  return { total, elapsed, achieved: total / elapsed, non2xx, errors, statuses, latency: summary(latencies) };
}

/** The session statement's round trip from a separate connection, `n` times one after the other (µs). */
async function statementRoundTrips(url, sessionIds, n, stopAt) {
  const c = await connect(url);
  const times = [];
  try {
    for (let i = 0; i < n && performance.now() < stopAt; i += 1) {
      const t = performance.now();
      await c.query({
        name: 'bench_session_with_user',
        text: 'select s.*, u.* from sessions s inner join users u on u.id = s.user_id where s.id = $1 limit 1',
        values: [sessionIds[i % sessionIds.length]],
      });
      times.push((performance.now() - t) * 1000);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await c.end();
  }
  return summary(times);
}

async function main() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = databaseUrl(NAME);
  const counts = await seedLoadDatabase(url, CUSTOMERS);
  log(`database ${NAME}: ${JSON.stringify(counts)}`);
  const secret = randomBytes(32).toString('hex');
  const servers = {};
  for (const [k, name] of ['pg', 'cache'].entries()) {
    const env = { RATE_LIMIT_PER_MINUTE: '100000', JWT_SECRET: secret, REDIS_URL, SESSION_CACHE: name === 'cache' ? 'on' : 'off' };
    const dbUrl = `${url}?application_name=bench_${name}`;
    servers[name] = {
      port: PORT + k,
      ...(await startBuiltServer({ url: dbUrl, port: PORT + k, logFile: `/tmp/session-check-${name}.log`, env })),
    };
  }
  const monitor = await connect(url);
  const results = { customers: CUSTOMERS, seconds: SECONDS, rates: RATES, phases: [] };
  try {
    const clients = await signIn(servers.pg.base, CUSTOMERS);
    const ids = [];
    for (const c of clients) ids.push((await (await fetch(`${servers.pg.base}/api/auth/user`, { headers: c.headers })).json()).data.id);
    const { rows: sessionRows } = await monitor.query('select id from sessions where revoked_at is null');
    const sessionIds = sessionRows.map((r) => r.id);
    log(`${clients.length} customers signed in`);
    const targets = {
      settings: (i) => ({
        path: '/api/settings',
        headers: { accept: 'application/json', 'accept-language': clients[i % clients.length].lang },
      }),
      'users/self': (i) => ({ path: `/api/users/${ids[i % ids.length]}`, headers: clients[i % clients.length].headers }),
      'auth/user': (i) => ({ path: '/api/auth/user', headers: clients[i % clients.length].headers }),
    };
    const plan = [
      ['settings', 'pg'],
      ['users/self', 'pg'],
      ['users/self', 'cache'],
      ['auth/user', 'pg'],
    ];
    for (const [name, server] of plan) await openLoop({ port: servers[server].port, rate: 300, seconds: 2, pick: targets[name] });
    for (const rate of RATES) {
      for (const [name, which] of plan) {
        const server = servers[which];
        const app = `bench_${which}`;
        const pids = await backendPids(monitor, app);
        const serverBefore = cpuOf(server.child.pid);
        const pgBefore = pids.map(cpuOf);
        const load = loadavg()[0];
        const rtt =
          name === 'users/self' && which === 'pg'
            ? statementRoundTrips(url, sessionIds, 100_000, performance.now() + SECONDS * 1000 - 500)
            : null;
        const r = await openLoop({ port: server.port, rate, seconds: SECONDS, pick: targets[name] });
        const serverCpu = cpuOf(server.child.pid) - serverBefore;
        // Backends opened during the phase count from zero.
        const pgCpu = (await backendPids(monitor, app)).reduce((sum, pid) => {
          const k = pids.indexOf(pid);
          return sum + cpuOf(pid) - (k >= 0 ? pgBefore[k] : 0);
        }, 0);
        const phase = {
          name,
          server: which,
          rate,
          ...r,
          server_us: serverCpu / r.total,
          pg_us: pgCpu / r.total,
          load1: load,
          load1_after: loadavg()[0],
          statement_rtt_us: rtt ? await rtt : null,
        };
        results.phases.push(phase);
        log(
          `${`${name} (${which})`.padEnd(19)} ${rate}/s → ${r.achieved.toFixed(0)}/s  p50 ${r.latency.p50.toFixed(1)} p95 ${r.latency.p95.toFixed(1)} ` +
            `p99 ${r.latency.p99.toFixed(1)} ms  non2xx ${r.non2xx} err ${r.errors}  server ${phase.server_us.toFixed(0)} µs  ` +
            `pg ${phase.pg_us.toFixed(0)} µs  load ${load.toFixed(1)}${phase.statement_rtt_us ? `  statement p50 ${phase.statement_rtt_us.p50.toFixed(0)} µs` : ''}`,
        );
        if (r.non2xx) log(`  statuses: ${JSON.stringify(r.statuses)}`);
      }
    }
    results.machine = await machineConditions();
    results.at = new Date().toISOString();
    writeFileSync(join(BENCH_DIR, 'results', 'session-check.json'), `${JSON.stringify(results, null, 2)}\n`);
    log('written bench/results/session-check.json');
  } finally {
    await monitor.end();
    for (const server of Object.values(servers)) await server.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
