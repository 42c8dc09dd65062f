#!/usr/bin/env node
/**
 * Fault benchmark (issue 15, sections 3 and 6): the load of bench/load.mjs (200 signed-in customers, the web app's
 * mix of calls) against the built server as in production, while its PostgreSQL is stopped (`pg_ctl stop -m
 * immediate`, as a crash) for about 10 s and started again. PostgreSQL here is the bench's own (initdb in a
 * temporary folder, another port; apps/api/test/own-postgres.ts), never the shared server.
 *
 * Counts, over the whole run: answers 5xx other than 503 (must be 0), 503s, socket errors and timeouts, other
 * non-2xx; and the seconds from PostgreSQL being up again until every answer is 2xx again (the last non-2xx
 * answer), with /api/health/ready polled every 250 ms alongside. Writes bench/results/faults.md.
 *
 * With BENCH_SHOTS=/tmp/ops-shots it also saves screenshots (headless Chromium through Playwright) of
 * /api/health/ready and /metrics while the database is stopped and after it is back.
 *
 * Usage: npm run build && npm run bench:faults -w bench   (BENCH_SECONDS=60, BENCH_STOP_AT=15, BENCH_DOWN=10,
 *        BENCH_CONNECTIONS=200, BENCH_PORT=3507)
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OwnPostgres } from '../apps/api/test/own-postgres.ts';
import { connect, log, machineConditions, writeResult } from './lib.mjs';
import { METRICS_TOKEN, runLoad, seedLoadDatabase, signIn, startBuiltServer, totals } from './load-lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const STOP_AT = Number(process.env.BENCH_STOP_AT ?? 15);
const DOWN = Number(process.env.BENCH_DOWN ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3507);
const SHOTS = process.env.BENCH_SHOTS;
const run = promisify(execFile);

/** pg_ctl without blocking this process (the load generator runs in it). */
async function pgCtl(own, args) {
  const full = join(own.bin, 'pg_ctl');
  const asRoot = process.getuid?.() === 0;
  await run(asRoot ? 'runuser' : full, asRoot ? ['-u', 'postgres', '--', full, ...args] : args);
}
const stopPg = (own) => pgCtl(own, ['-D', join(own.dir, 'data'), '-w', '-t', '30', '-m', 'immediate', 'stop']);
const startPg = (own) =>
  pgCtl(own, [
    '-D',
    join(own.dir, 'data'),
    '-w',
    '-t',
    '30',
    '-l',
    join(own.dir, 'log'),
    '-o',
    `-p ${own.port} -k ${own.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
    'start',
  ]);

/** Screenshots of readiness and metrics as a browser shows them (the metrics token sent as a bearer header). */
async function screenshots(base, label) {
  if (!SHOTS) return [];
  mkdirSync(SHOTS, { recursive: true });
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const files = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
    await page.goto(`${base}/api/health/ready`);
    files.push(join(SHOTS, `ready-${label}.png`));
    await page.screenshot({ path: files.at(-1) });
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${METRICS_TOKEN}` });
    await page.setViewportSize({ width: 1400, height: 1400 });
    await page.goto(`${base}/metrics`);
    // The app's own series (pool, queue, requests by route and status), past the process defaults.
    for (const series of ['db_pool_connections', 'http_requests_total']) {
      await page.evaluate((text) => {
        const pre = document.querySelector('pre') ?? document.body;
        const at = pre.textContent.indexOf(`# HELP ${text}`);
        if (at < 0) return;
        const range = document.createRange();
        const node = pre.firstChild;
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        window.scrollTo(0, range.getBoundingClientRect().top + window.scrollY - 10);
      }, series);
      files.push(join(SHOTS, `metrics-${series}-${label}.png`));
      await page.screenshot({ path: files.at(-1) });
    }
  } finally {
    await browser.close();
  }
  return files;
}

async function main() {
  const own = await new OwnPostgres().init();
  log(`own PostgreSQL on port ${own.port} in ${own.dir}`);
  let server;
  try {
    const c = await connect(own.url);
    await c.query('create database bench_faults');
    await c.end();
    const url = own.url.replace(/\/postgres$/, '/bench_faults');
    const counts = await seedLoadDatabase(url, CONNECTIONS);
    log(`bench_faults: ${counts.customers} customers, ${counts.orders} orders`);
    server = await startBuiltServer({
      url,
      port: PORT,
      logFile: '/tmp/bench-faults-server.log',
      // The bench's clients retry at once, with no pause (the web app waits Retry-After): the limit per account is
      // raised so the outage's fast 503 loop is not answered 429 afterwards.
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const clients = await signIn(server.base, CONNECTIONS);
    log(`${clients.length} customers signed in; ${CONNECTIONS} clients for ${SECONDS} s, PostgreSQL stopped at ${STOP_AT} s for ${DOWN} s`);

    const events = {};
    const readiness = [];
    let lastBad = 0;
    const t0 = Date.now();
    let shots = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const at = Date.now();
        const status = await fetch(`${server.base}/api/health/ready`, { signal: AbortSignal.timeout(3000) })
          .then((r) => r.status)
          .catch(() => 0);
        if (readiness.at(-1)?.status !== status) readiness.push({ t: (at - t0) / 1000, status });
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const load = runLoad({
      base: server.base,
      clients,
      seconds: SECONDS,
      connections: CONNECTIONS,
      t0,
      onSecond: (s) => {
        if (s === STOP_AT) {
          events.stopAsked = (Date.now() - t0) / 1000;
          void stopPg(own).then(() => {
            events.stopped = (Date.now() - t0) / 1000;
            log(`PostgreSQL stopped at ${events.stopped.toFixed(1)} s`);
            setTimeout(async () => {
              shots = await screenshots(server.base, 'db-stopped').catch((e) => (log(`screenshots failed: ${e.message}`), []));
            }, 2000);
          });
        }
        if (s === STOP_AT + DOWN) {
          events.startAsked = (Date.now() - t0) / 1000;
          void startPg(own).then(() => {
            events.started = (Date.now() - t0) / 1000;
            log(`PostgreSQL up again at ${events.started.toFixed(1)} s`);
          });
        }
        if (s % 10 === 0) log(`${s} s`);
      },
    });
    const { result, perSecond, lastNon2xx } = await load;
    polling = false;
    await poll;
    perSecond.forEach((tally, s) => {
      if (tally && Object.keys(tally).some((k) => !/^2\d\d$/.test(k))) lastBad = s;
    });
    const afterShots = await screenshots(server.base, 'db-back').catch((e) => (log(`screenshots failed: ${e.message}`), []));

    const all = totals(perSecond);
    const sum = (test) =>
      Object.entries(all)
        .filter(([k]) => test(k))
        .reduce((n, [, v]) => n + v, 0);
    const other5xx = sum((k) => /^5\d\d$/.test(k) && k !== '503');
    const s503 = sum((k) => k === '503');
    const sockets = sum((k) => k === 'error');
    const other = sum((k) => !/^[25]\d\d$/.test(k) && k !== 'error');
    const ok = sum((k) => /^2\d\d$/.test(k));
    const firstBad = perSecond.findIndex((tally) => tally && Object.keys(tally).some((k) => !/^2\d\d$/.test(k)));
    // From the moment PostgreSQL was asked to start (pg_ctl -w returns a little after it accepts connections).
    const recovery =
      events.startAsked !== undefined && lastNon2xx !== null ? Math.max(0, lastNon2xx / 1000 - events.startAsked) : Number.NaN;
    const readyBack = readiness.find((r) => r.status === 200 && r.t > (events.stopped ?? Infinity));
    log(
      `2xx ${ok}, 503 ${s503}, other 5xx ${other5xx}, socket errors/timeouts ${sockets}, other non-2xx ${other}; ` +
        `last non-2xx at ${(lastNon2xx / 1000).toFixed(2)} s, PostgreSQL started at ${events.startAsked?.toFixed(2)} s: all 2xx ${recovery.toFixed(2)} s after`,
    );

    const timeline = perSecond
      .map((tally, s) => ({ s, tally: tally ?? {} }))
      .filter(({ s }) => s >= STOP_AT - 2 && s <= Math.max(lastBad, STOP_AT + DOWN) + 3)
      .map(
        ({ s, tally }) =>
          `| ${s}–${s + 1} | ${Object.entries(tally)
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')} |`,
      );
    const md = `# Faults: PostgreSQL restarted under load

Measured on ${await machineConditions()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}, ${new Date().toISOString().slice(0, 10)}.
(The PostgreSQL that was stopped is the bench's own, on port ${own.port}, not the 127.0.0.1:5432 named above.)

The load of [load.md](load.md): ${CONNECTIONS} signed-in customers repeating the web app's calls for ${SECONDS} s against the built
server as in production (\`NODE_ENV=production\`, one process, no Redis; the rate limit per account raised, since these clients
retry at once where the web app waits the answer's \`Retry-After\`). At ${events.stopped?.toFixed(1)} s PostgreSQL was stopped
(\`pg_ctl stop -m immediate\`, as a crash); it was started again at ${events.startAsked?.toFixed(1)} s and answered from ${events.started?.toFixed(1)} s.

| answers | count |
|---|---:|
| 2xx | ${ok} |
| 503 | ${s503} |
| **5xx other than 503** | **${other5xx}** |
| socket errors and timeouts | ${sockets} |
| other non-2xx | ${other} |

- First non-2xx answer in second ${firstBad} of the run; the last at ${(lastNon2xx / 1000).toFixed(2)} s.
- **Every answer 2xx again ${Number.isNaN(recovery) ? '?' : recovery.toFixed(2)} s after PostgreSQL was started** (\`pg_ctl start\` issued at ${events.startAsked?.toFixed(2)} s; it returned, the server accepting connections, at ${events.started?.toFixed(2)} s).
- Readiness (\`/api/health/ready\`, polled every 250 ms): ${readiness.map((r) => `${r.status || 'no answer'} from ${r.t.toFixed(2)} s`).join(', ')}${readyBack ? `; ready again ${(readyBack.t - (events.startAsked ?? 0)).toFixed(2)} s after PostgreSQL was started` : ''}.
- The 2xx answers in the first seconds of the outage are public content (settings, news, FAQ) that the process kept (at most 5 s)
  and calls already past the database; every other answer was 503 until PostgreSQL was back.
- Load over the run: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms.

Answers per second around the outage:

| second | answers |
|---|---|
${timeline.join('\n')}
`;
    writeResult('faults.md', md);
    log('wrote bench/results/faults.md');
    for (const f of [...shots, ...afterShots]) log(`screenshot ${f}`);
    if (other5xx) process.exitCode = 1;
  } finally {
    await server?.stop();
    await own.destroy();
  }
}

await main();
