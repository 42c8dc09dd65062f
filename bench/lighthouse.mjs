#!/usr/bin/env node
/**
 * Lighthouse on the customer's pages (issue 16, "Speed"): /auth signed out, and / and /orders signed in as the
 * demo customer. Mobile form factor with Lighthouse's default (simulated) throttling, three runs per page, the
 * median per category; performance, accessibility and best practices. Writes bench/results/lighthouse.md.
 *
 * The product is the BUILT one (apps/web/dist, apps/api/dist; `--build` runs `npm run build` first), started as a
 * carrier starts it (NODE_ENV=production, embedded database, demo accounts seeded) on a data folder of its own.
 * The browser is the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), started here with its
 * DevTools port; Lighthouse drives it through that port. A signed-in run puts the customer's token in the
 * profile's localStorage first (as the app keeps it) and empties the HTTP cache, so every run is a cold load;
 * Lighthouse's own storage reset is off for those runs, since it would sign the customer out.
 *
 *   npm run bench:lighthouse -w bench                # LH_PORT (default 3197) for the product, LH_RUNS (default 3)
 *   node bench/lighthouse.mjs --build
 *   LH_REPORTS=/tmp/lh node bench/lighthouse.mjs   # also keeps each run's full Lighthouse JSON there (page-run.json)
 *   LH_ARTIFACTS=/tmp/art node bench/lighthouse.mjs # also keeps each run's trace and network log (page-run/), for
 *                                                   # bench/lantern-whatif.mjs
 *   LH_COMPARE=/tmp/web-before node bench/lighthouse.mjs
 *       # before/after in one run: a second product (LH_PORT + 1) serves that earlier build of the web app (WEB_DIST),
 *       # each round of each page runs both, the order alternating; prints a table per build. Several builds,
 *       # comma-separated, each get a product (LH_PORT + 1, + 2, …); LH_DEBUG_PORT must then be out of their way
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH_DIR, '..');
const PORT = Number(process.env.LH_PORT ?? 3197);
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? PORT + 1000);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const REPORTS = process.env.LH_REPORTS ? resolve(process.env.LH_REPORTS) : null;
const ARTIFACTS = process.env.LH_ARTIFACTS ? resolve(process.env.LH_ARTIFACTS) : null;
const runName = (path, run) => `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${run}`;
/** LH_PAGES=/auth,/orders measures only those pages, a quick look: printed, not written to the results. */
const ONLY = process.env.LH_PAGES ? new Set(process.env.LH_PAGES.split(',')) : null;
const BASE = `http://127.0.0.1:${PORT}`;
const COMPARE = process.env.LH_COMPARE ? process.env.LH_COMPARE.split(',').map((dir) => resolve(dir)) : [];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CUSTOMER = { phone: '+77010000001', password: 'Orda-demo-2026' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
/** The pages measured: the sign-in page as a new visitor, home and the order list as the signed-in customer. */
export const PAGES = [
  { path: '/auth', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/orders', signedIn: true },
];

const log = (...args) => console.log(`[lighthouse ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, ms, what) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${what} (${url}) did not answer within ${ms / 1000} s`);
}

/** Stops a child we started (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function startProduct(dataDir, base = BASE, webDist = undefined) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, TELEGRAM_BOT_TOKEN: _tg, TELEGRAM_API_URL: _tgUrl, ...inherited } = process.env;
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PORT: new URL(base).port,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMS_DRIVER: 'outbox',
      SMS_OUTBOX: join(dataDir, 'sms-outbox.jsonl'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
  });
}

function startChromium(profileDir) {
  return spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

async function customerToken(base = BASE) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: CUSTOMER.phone, password: CUSTOMER.password }),
  });
  if (!res.ok) throw new Error(`sign-in of the demo customer failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.access.token;
}

/**
 * Readies the browser for one run: the token in localStorage (or none), and an empty HTTP cache. Through
 * Playwright's CDP connection (the e2e workspace's), which is only a DevTools client here.
 */
async function prepareBrowser(token, base = BASE) {
  const { chromium } = createRequire(join(ROOT, 'e2e/package.json'))('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/legal/terms.html`);
    await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** One Lighthouse run of `path`: category scores (0–100), metrics, and the audits that cost points outside performance. */
async function runOnce(path, signedIn, run, base = BASE) {
  const result = await lighthouse(`${base}${path}`, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: signedIn,
    // Gathered to disk and audited from there: the same result, with the artifacts kept for a what-if.
    ...(ARTIFACTS ? { gatherMode: join(ARTIFACTS, runName(path, run)), auditMode: join(ARTIFACTS, runName(path, run)) } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${runName(path, run)}.json`), result.report);
  }
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path) {
    throw new Error(`${path} was expected signed in, but Lighthouse ended on ${lhr.finalDisplayedUrl}`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? NaN]));
  const failing = [];
  for (const c of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${c}: ${ref.id} (${audit.title})`);
    }
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
    .map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`);
  return { scores, metrics, failing, opportunities, lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment?.hostUserAgent };
}

function fmtMetric(id, value) {
  if (!Number.isFinite(value)) return '–';
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${(value / 1000).toFixed(1)} s`;
}

function report(results, meta) {
  const cores = cpus();
  const [l1, l5] = loadavg();
  const lines = [
    '# Lighthouse on the customer’s pages',
    '',
    `\`bench/lighthouse.mjs\`: Lighthouse ${meta.version} (mobile form factor, default simulated throttling: slow 4G, 4× CPU),`,
    `${RUNS} runs per page, the median per category. \`/auth\` as a new visitor; \`/\` and \`/orders\` signed in as the demo`,
    'customer, each run from an empty HTTP cache. The built product, started with NODE_ENV=production on the embedded',
    `database, served by the API itself (no reverse proxy in front); ${meta.browser}.`,
    '',
    `Measured on ${cores.length} × ${cores[0]?.model.trim() ?? 'CPU'}, load average ${l1.toFixed(1)} (1 min) / ${l5.toFixed(1)} (5 min)`,
    `(the machine is shared with other work: simulated throttling makes the scores depend less on it, not at all), Node ${process.version},`,
    `${(freemem() / 2 ** 30).toFixed(1)} of ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory free, ${new Date().toISOString().slice(0, 16)}Z.`,
    '',
    '| page | performance | accessibility | best practices | runs (perf / a11y / bp) | FCP | LCP | TBT | CLS | SI |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const { path, signedIn, runs } of results) {
    const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
    const all = runs.map((r) => CATEGORIES.map((c) => r.scores[c]).join('/')).join(', ');
    const metrics = METRICS.map(([id]) => fmtMetric(id, median(runs.map((r) => r.metrics[id]))));
    lines.push(
      `| \`${path}\`${signedIn ? ' (signed in)' : ''} | ${med.performance} | ${med.accessibility} | ${med['best-practices']} | ${all} | ${metrics.join(' | ')} |`,
    );
  }
  lines.push('', 'Metrics are the median of the runs. What cost points outside performance, and the largest opportunities (≥ 100 ms):', '');
  for (const { path, runs } of results) {
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    const opportunities = [...new Set(runs.flatMap((r) => r.opportunities.map((o) => o.replace(/ \(.*/, ''))))];
    lines.push(
      `- \`${path}\`: ${failing.length ? failing.join('; ') : 'nothing (accessibility and best practices at 100 in every run)'}` +
        (opportunities.length ? `; opportunities: ${opportunities.join(', ')}` : ''),
    );
  }
  lines.push('');
  return lines.join('\n');
}

async function main() {
  if (process.argv.includes('--build')) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(join(ROOT, 'apps/api/dist/server.js'))) {
    throw new Error('no build: run `npm run build` (or pass --build)');
  }
  // Checked before the product starts: a failed spawn of the browser would end this script and leave the product running.
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH`);
  for (const dir of COMPARE) if (!existsSync(join(dir, 'index.html'))) throw new Error(`LH_COMPARE: no built web app in ${dir}`);
  const profileDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-profile-'));
  // This build, and with LH_COMPARE the earlier one beside it (each product on its own data folder and port).
  const variants = [
    { name: 'this build', base: BASE, webDist: undefined },
    ...COMPARE.map((dir, i) => ({ name: `LH_COMPARE ${dir}`, base: `http://127.0.0.1:${PORT + 1 + i}`, webDist: dir })),
  ].map((variant) => ({ ...variant, dataDir: mkdtempSync(join(tmpdir(), 'portal-lighthouse-')), results: [] }));
  let browser;
  try {
    for (const variant of variants) variant.product = startProduct(variant.dataDir, variant.base, variant.webDist);
    for (const variant of variants) {
      await waitFor(`${variant.base}/api/health/ready`, 120_000, 'the product');
    }
    browser = startChromium(profileDir);
    await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 30_000, 'Chromium');
    const browserVersion = (await (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).json()).Browser;
    let version = '';
    for (const { path, signedIn } of PAGES.filter((p) => !ONLY || ONLY.has(p.path))) {
      const runs = variants.map(() => []);
      for (let i = 0; i < RUNS; i += 1) {
        // Interleaved, the order turning round by round: every build sees the machine's load alike.
        const order = variants.map((_, v) => (v + i) % variants.length);
        for (const v of order) {
          const { base, name } = variants[v];
          let run;
          // Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP on a loaded machine): one more try.
          for (let attempt = 1; !run; attempt += 1) {
            // A fresh token each run: a run of several builds outlasts an access token (15 minutes).
            await prepareBrowser(signedIn ? await customerToken(base) : null, base);
            try {
              run = await runOnce(path, signedIn, i + 1, base);
            } catch (error) {
              if (attempt >= 2) throw error;
              log(`${path} run ${i + 1} failed, once more: ${error instanceof Error ? error.message : error}`);
            }
          }
          version = run.lighthouseVersion;
          log(`${COMPARE.length ? `[${name}] ` : ''}${path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}`);
          runs[v].push(run);
        }
      }
      variants.forEach((variant, v) => variant.results.push({ path, signedIn, runs: runs[v] }));
    }
    const reports = variants.map((variant) => report(variant.results, { version, browser: browserVersion }));
    if (!ONLY && !COMPARE.length) {
      mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
      writeFileSync(join(BENCH_DIR, 'results', 'lighthouse.md'), reports[0]);
    }
    variants.forEach((variant, v) => console.log(`${COMPARE.length ? `\n## ${variant.name}\n\n` : ''}${reports[v]}`));
  } finally {
    await stop(browser);
    for (const variant of variants) {
      await stop(variant.product);
      rmSync(variant.dataDir, { recursive: true, force: true });
    }
    rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
