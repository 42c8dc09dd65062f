#!/usr/bin/env node
/**
 * Server cost per request, A/B: the same requests as bench/server-cost.mjs against two builds of the server at once
 * (two git worktrees, e.g. main and a branch), each in its own process (bench/server-child.mjs of its tree) on the
 * same database, batches alternating between them within each round. The machine's load, which moves the single
 * bench's figures by ±30 % from one run to the next, falls on both alike; the paired ratio (B / A in the same round)
 * says more than either figure alone.
 *
 * Usage: BENCH_KEEP=1 npm run bench:server-cost -w bench      (fills and keeps the database bench_cost), then
 *        AB_A=/work/wt/main-copy AB_B=/work/wt/branch node --import tsx bench/server-cost-ab.mjs
 *        (AB_DB_URL=postgres://postgres@127.0.0.1:5432/bench_cost, AB_ROUNDS=8, AB_N=3000 requests per batch,
 *        AB_ONLY=auth/user,order list, AB_A_LOG/AB_B_LOG the two LOG_LEVELs, info by default)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../apps/api/src/seed/accounts.ts';

const url = process.env.AB_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_cost';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 8);
const N = Number(process.env.AB_N ?? 3000);
const secret = randomBytes(32).toString('hex');
const sides = {
  A: { tree: process.env.AB_A, log: process.env.AB_A_LOG ?? 'info', port: 3661 },
  B: { tree: process.env.AB_B, log: process.env.AB_B_LOG ?? 'info', port: 3671 },
};
if (!sides.A.tree || !sides.B.tree) throw new Error('AB_A and AB_B name the two worktrees');

function start({ tree, log, port }) {
  const { REDIS_URL: _unused, ...env } = process.env;
  const child = fork(`${tree}/bench/server-child.mjs`, [], {
    cwd: `${tree}/bench`,
    execArgv: ['--import', 'tsx'],
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      BARE_PORT: String(port + 1),
      JWT_SECRET: secret,
      SMS_DRIVER: 'outbox',
      DATA_DIR: '/tmp/portal-bench-cost-ab',
      LOG_LEVEL: log,
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const cpu = () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m.cpu.user + m.cpu.system));
      child.send('cpu');
    });
  return new Promise((resolve) => child.once('message', () => resolve({ port, child, cpu })));
}

const servers = { A: await start(sides.A), B: await start(sides.B) };
try {
  const api = `http://127.0.0.1:${servers.A.port}/api`;
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: '+77010000001', password: DEMO_PASSWORD }),
  });
  const auth = { authorization: `Bearer ${(await login.json()).data.access.token}`, accept: 'application/json' };
  const statuses = (await (await fetch(`${api}/orders/statuses`, { headers: auth })).json()).data;
  const listed = statuses.reduce((a, b) => ((b.count ?? 0) > (a.count ?? 0) ? b : a), statuses[0]);
  let targets = [
    { name: 'bare', url: (p) => `http://127.0.0.1:${p + 1}/bare`, headers: { accept: 'application/json' } },
    {
      name: 'settings',
      url: (p) => `http://127.0.0.1:${p}/api/settings`,
      headers: { accept: 'application/json', 'accept-language': 'ru' },
    },
    { name: 'auth/user', url: (p) => `http://127.0.0.1:${p}/api/auth/user`, headers: auth },
    {
      name: 'order list',
      url: (p) => `http://127.0.0.1:${p}/api/orders/status/${listed.id}/orders?filters[per_page]=10&filters[page]=1`,
      headers: auth,
    },
  ];
  const only = process.env.AB_ONLY?.split(',');
  if (only) targets = targets.filter((t) => t.name === 'bare' || only.includes(t.name));
  const fire = async (server, t, amount) => {
    const r = await autocannon({ url: t.url(server.port), headers: t.headers, connections: 10, amount });
    if (r.non2xx + r.errors + r.timeouts) throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  };
  for (const s of Object.values(servers)) for (const t of targets) await fire(s, t, 1000);
  const us = Object.fromEntries(targets.map((t) => [t.name, { A: [], B: [] }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const t of targets)
      for (const side of round % 2 ? ['B', 'A'] : ['A', 'B']) {
        const s = servers[side];
        const before = await s.cpu();
        await fire(s, t, N);
        us[t.name][side].push(((await s.cpu()) - before) / N);
      }
    console.log(
      `round ${round + 1}: ${targets.map((t) => `${t.name} ${us[t.name].A.at(-1).toFixed(0)}/${us[t.name].B.at(-1).toFixed(0)} µs`).join(', ')}`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('| request | A µs CPU | B µs CPU | B / A (median of paired rounds) | A × bare | B × bare |\n|---|---:|---:|---:|---:|---:|');
  for (const t of targets) {
    const { A, B } = us[t.name];
    const paired = median(A.map((a, i) => B[i] / a));
    console.log(
      `| ${t.name} | ${median(A).toFixed(0)} | ${median(B).toFixed(0)} | ${paired.toFixed(2)} | ${(median(A) / median(us.bare.A)).toFixed(1)}× | ${(median(B) / median(us.bare.B)).toFixed(1)}× |`,
    );
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill('SIGTERM');
}
