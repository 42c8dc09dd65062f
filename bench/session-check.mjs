#!/usr/bin/env node
/**
 * What the session check costs at 2,000 requests per second (issue 38, part 5). Every signed-in request reads its
 * session and user from PostgreSQL (one prepared primary-key join; GET auth/user reads its notifications in the same
 * statement). This bench asks whether that read is the largest part of a request, before any session cache is built.
 *
 * The database is bench_session (demo data and BENCH_CUSTOMERS customers shaped like the demo customer, as the load
 * bench seeds them). The server runs in a child process (bench/session-child.mjs: the real app from source, NODE_ENV
 * production, LOG_LEVEL=info to /dev/null) that adds up the wall time of every session check and of every request.
 * This process is the load generator: autocannon at a fixed rate of BENCH_RATE requests per second (the customers' mix
 * of calls of load-lib.mjs, 100 connections) for BENCH_SECONDS per round. Rounds alternate two servers:
 *   - `database`: the session read from PostgreSQL on every request (the product as it is);
 *   - `memo`: `findWithUser` answered from a Map in the process after its first read: a cache costing nothing, the most
 *     any session cache (Redis or other) could save.
 * Reported per round: the rate reached, latency p50/p99, server CPU per request, the session check's mean wall time and
 * its share of the requests' wall time. Writes bench/results/session-check.{md,json}.
 *
 * Usage: npm run bench:session -w bench   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 by default;
 *        BENCH_RATE=2000, BENCH_SECONDS=20, BENCH_ROUNDS=2, BENCH_CUSTOMERS=200, BENCH_PORT=3271, BENCH_KEEP=1)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_DIR, admin, databaseUrl, dropDatabase, log, machineConditions, writeResult } from './lib.mjs';
import { customerCalls, seedLoadDatabase, signIn } from './load-lib.mjs';

const NAME = 'bench_session';
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3271);
const CONNECTIONS = 100;

function startChild(url, memo) {
  const child = fork(join(BENCH_DIR, 'session-child.mjs'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(PORT),
      JWT_SECRET: process.env.BENCH_JWT_SECRET,
      SMS_DRIVER: 'outbox',
      DATA_DIR: '/tmp/portal-bench-session',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NOTIFY_WORKER: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SESSION_MEMO: memo ? '1' : '0',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = (what) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m && (what === 'ready' ? m.ready : m.cpu)) {
          child.off('message', on);
          resolve(m);
        }
      };
      child.on('message', on);
      if (what !== 'ready') child.send(what);
    });
  return { child, ask };
}

async function round(url, clients, memo) {
  const { child, ask } = startChild(url, memo);
  await ask('ready');
  const base = `http://127.0.0.1:${PORT}`;
  // Warm-up: every client's calls once (prepared statements, the memo's first reads).
  await autocannon({ url: base, connections: 20, amount: 2000, requests: customerCalls(clients[0]) });
  const before = await ask('stats');
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: SECONDS,
    timeout: 10,
    requests: customerCalls(clients[0]),
    setupClient: (client) => client.setRequests(customerCalls(clients[next++ % clients.length])),
  });
  const after = await ask('stats');
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  const d = (k) => after.totals[k] - before.totals[k];
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  const requests = d('requests');
  return {
    mode: memo ? 'memo' : 'database',
    rate: requests / SECONDS,
    non2xx: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequestMs: cpuMs / requests,
    requestMs: d('requestMs') / requests,
    checks: d('checks'),
    checkMs: d('checks') ? d('checkMs') / d('checks') : 0,
    combinedMs: d('combined') ? d('combinedMs') / d('combined') : 0,
    checkShare: d('checkMs') / d('requestMs'),
    combinedShare: d('combinedMs') / d('requestMs'),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const started = Date.now();
  process.env.BENCH_JWT_SECRET = randomBytes(32).toString('hex');
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = databaseUrl(NAME);
  const counts = await seedLoadDatabase(url, CUSTOMERS);
  log(`${NAME}: ${counts.customers} customers, ${counts.orders} orders`);
  // Sign in once on a server of its own; the tokens hold for every round (same secret, same database).
  const { child, ask } = startChild(url, false);
  await ask('ready');
  const clients = await signIn(`http://127.0.0.1:${PORT}`, CUSTOMERS);
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1)
    for (const memo of [false, true]) {
      const r = await round(url, clients, memo);
      log(JSON.stringify(r));
      rounds.push(r);
    }
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(NAME);
  const pick = (mode) => {
    const rs = rounds.filter((r) => r.mode === mode);
    return Object.fromEntries(Object.keys(rs[0]).map((k) => [k, typeof rs[0][k] === 'number' ? median(rs.map((r) => r[k])) : rs[0][k]]));
  };
  const db = pick('database');
  const memo = pick('memo');
  const f = (n, d = 2) => n.toFixed(d);
  const pctf = (n) => `${(n * 100).toFixed(1)} %`;
  const json = { rate: RATE, seconds: SECONDS, connections: CONNECTIONS, customers: CUSTOMERS, rounds, median: { database: db, memo } };
  writeFileSync(join(BENCH_DIR, 'results', 'session-check.json'), `${JSON.stringify(json, null, 2)}\n`);
  const md = `# The session check at ${RATE.toLocaleString('en')} requests per second

The customers' mix of calls (load-lib.mjs: auth/user, order statuses and list, one order, saved tracks, settings,
news, FAQ) from ${CUSTOMERS} signed-in customers, ${CONNECTIONS} connections, autocannon at a fixed ${RATE} requests/s for
${SECONDS} s per round, ${ROUNDS} rounds of each server alternating (medians below). The server is the real app from
source in a child process (NODE_ENV=production, info logs to /dev/null, no Redis) on PostgreSQL; \`database\` reads
the session on every request as the product does, \`memo\` answers \`findWithUser\` from a Map after its first read —
a cache that costs nothing, the most any session cache could save.

| | database (as is) | memo (free cache) |
|---|---|---|
| requests/s reached | ${f(db.rate, 0)} | ${f(memo.rate, 0)} |
| answers other than 2xx, errors | ${db.non2xx} | ${memo.non2xx} |
| latency p50 / p99 (ms) | ${db.p50} / ${db.p99} | ${memo.p50} / ${memo.p99} |
| server CPU per request (ms) | ${f(db.cpuPerRequestMs, 3)} | ${f(memo.cpuPerRequestMs, 3)} |
| server wall time per request (ms, onRequest → onResponse) | ${f(db.requestMs)} | ${f(memo.requestMs)} |
| session check \`findWithUser\` (mean ms; share of all requests' wall time) | ${f(db.checkMs)}; ${pctf(db.checkShare)} | 0 after the first read |
| auth/user's session + notifications read (mean ms; share) | ${f(db.combinedMs)}; ${pctf(db.combinedShare)} | ${f(memo.combinedMs)}; ${pctf(memo.combinedShare)} |

Machine: ${await machineConditions()}.

Generated ${new Date().toISOString()} by \`npm run bench:session -w bench\` in ${((Date.now() - started) / 60000).toFixed(1)} min.
`;
  writeResult('session-check.md', md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
