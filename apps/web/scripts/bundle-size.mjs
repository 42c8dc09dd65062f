#!/usr/bin/env node
/**
 * The JavaScript budget of the sign-in page, measured as a phone fetches it: starts the built product
 * (e2e/scripts/start-server.mjs on a fresh data folder), opens /auth in headless Chromium at 375px,
 * waits until the network is idle, and sums the gzipped size (gzip -9 of each body, whatever encoding
 * the server chose) of every script the browser fetched. Prints the figure and each script, and exits 1
 * above the budget, or when a fetched script holds staff/admin code (features/manage, features/admin),
 * the validation library (the sign-in form loads zod on the first key or tap: lib/forms/lazy-resolver.ts) or
 * react-hook-form (the sign-in form is lib/forms/use-small-form.ts), or React Router's development build.
 *
 * Then, signed in as the demo customer, the first screens of home and /orders: the same checks (no staff code, no
 * validation or form library until a form is opened), and no Intl date or number formatter made while they load (a
 * page's first costs a phone's browser 40–350 ms of locale data: the app formats from its own tables, and a
 * branch's "open now" waits until its card nears the screen).
 * On all three, the page's own files are asked for by the page (index.html's inline script, from the build's
 * FIRST_SCREENS) with the entry's scripts, not by the app once its scripts have run and matched the route.
 *
 *   node scripts/bundle-size.mjs            # measure the existing builds (apps/web/dist, apps/api/dist)
 *   node scripts/bundle-size.mjs --build    # run `vite build` first
 *
 * Last, every built script together: React's production runtime (react-dom's production build) and neither React's
 * development runtime nor Preact (ADR 070: the app runs on React 19).
 *
 * BUNDLE_PORT (default 3198) is where the product listens meanwhile; CHROMIUM_PATH the browser; WEB_DIST another
 * build of the web app to measure (the API serves it from there too), e.g. an earlier one to compare.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 160 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(root, '../..');

/** Manifest keys (source modules) of every built file: to say what a fetched script holds. */
function sourcesByFile(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run vite build first`);
  const byFile = new Map();
  for (const [key, chunk] of Object.entries(JSON.parse(readFileSync(manifestPath, 'utf8')))) {
    byFile.set(chunk.file, [...(byFile.get(chunk.file) ?? []), key]);
  }
  return byFile;
}

async function waitForHealth(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** What a fetched script must not hold on a customer's first screen: the reason, or null. */
function forbidden(path, file, text, sources) {
  const keys = sources.get(file) ?? [];
  const staff = keys.find((key) => /features\/(manage|admin)\//.test(key));
  if (staff) return `staff/admin code is loaded by ${path}: ${staff} (${file})`;
  // zod's base class, $constructor('$ZodType', …), is defined in the chunk that holds the library.
  if (/[`"']\$ZodType[`"'],\s*\(/.test(text)) return `the validation library is loaded by ${path}: ${file}`;
  // react-hook-form (~13 KB): the sign-in form is lib/forms/use-small-form.ts; the library's form state knows `shouldUnregister`.
  if (/\bshouldUnregister\b/.test(text)) return `the form library (react-hook-form) is loaded by ${path}: ${file}`;
  // React Router's development build (build/production-builds.ts): its warnings ship only there.
  if (text.includes('You rendered descendant <Routes>')) return `React Router's development build is loaded by ${path}: ${file}`;
  return null;
}

/**
 * Built files that carry the password strength estimator (zxcvbn-ts and its ~1 MB of dictionaries): the API checks
 * new passwords with it and the forms show the API's reason, so no page of the web app may ship it (a contract schema
 * with the password rule, imported by a page, would bring it in).
 */
export function estimatorFiles(dist = join(root, 'dist')) {
  const assets = join(dist, 'assets');
  return readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('zxcvbnAsync'));
}

/**
 * What is wrong with the runtime the build ships (ADR 070), as a list of reasons (empty when right): react-dom's
 * production build must be there (its errors are numbers pointing at react.dev/errors), React's development builds
 * must not (react's and the JSX runtime's component stacks, react-dom's DevTools advice), nor Preact (preact/compat's
 * SVG attribute rule and its lower-case onDoubleClick; Preact's own name does not survive minifying).
 */
export const RUNTIME_MARKERS = {
  production: 'https://react.dev/errors/',
  development: ['react-stack-top-frame', 'https://react.dev/link/react-devtools'],
  preact: ['/^(?:accent|alignment|arabic|', '`ondoubleclick`', '"ondoubleclick"'],
};

export function runtimeProblems(dist = join(root, 'dist')) {
  const assets = join(dist, 'assets');
  const scripts = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(join(assets, file), 'utf8') }));
  const problems = [];
  if (!scripts.some(({ text }) => text.includes(RUNTIME_MARKERS.production)))
    problems.push("react-dom's production build is in no built file");
  for (const { file, text } of scripts) {
    const development = RUNTIME_MARKERS.development.find((marker) => text.includes(marker));
    if (development) problems.push(`${file} holds React's development runtime (${development})`);
    const preact = RUNTIME_MARKERS.preact.find((marker) => text.includes(marker));
    if (preact) problems.push(`${file} holds Preact (${preact})`);
  }
  return problems;
}

/** Counts the Intl date and number formatters a page makes (window.__intlMade), each still a real one. */
function countIntlFormatters() {
  const made = [];
  Object.defineProperty(window, '__intlMade', { value: made });
  for (const name of ['DateTimeFormat', 'NumberFormat']) {
    const Real = Intl[name];
    Intl[name] = new Proxy(Real, {
      construct: (target, args, newTarget) => (made.push(`${name}(${JSON.stringify(args)})`), Reflect.construct(target, args, newTarget)),
      apply: (target, self, args) => (made.push(`${name}(${JSON.stringify(args)})`), Reflect.apply(target, self, args)),
    });
  }
}

/** Starts the built product on a fresh data folder and runs `use({ base, browser, sources })`. */
async function withProduct(dist, use) {
  const sources = sourcesByFile(dist);
  const port = Number(process.env.BUNDLE_PORT ?? 3198);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bundle-'));
  const server = spawn(process.execPath, ['e2e/scripts/start-server.mjs'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  });
  const { chromium } = createRequire(join(repo, 'e2e/package.json'))('@playwright/test');
  let browser;
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, 120_000);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    return await use({ base: `http://127.0.0.1:${port}`, browser, sources });
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'ru-RU' };

/** The script that made a request: the first frame of its initiator's stack (async parents too), or the parser's document. */
function initiatorUrl(initiator) {
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames?.find((f) => f.url);
    if (frame) return frame.url;
  }
  return initiator.url ?? '';
}

/** Who asked for each script and stylesheet of the page, in the order asked (Chrome DevTools Protocol). */
async function watchRequests(page) {
  const requests = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (/\.(js|css)$/.test(new URL(event.request.url).pathname))
      requests.push({ url: event.request.url, by: initiatorUrl(event.initiator) });
  });
  await cdp.send('Network.enable');
  return requests;
}

/**
 * Throws unless the page's own files (index.html's PAGES for the address and the token, build/first-paint.ts) were
 * asked for by the page itself, and every stylesheet the first screen waited for was among them: a page file the
 * build left out would be asked for by the app's loader once its scripts had run. (Chrome names no initiator for a
 * modulepreload, whoever adds it; a stylesheet's is the script that linked it.)
 */
function checkPageFilesEarly(path, signedIn, html, documentUrl, requests) {
  const pages = JSON.parse(/var PAGES = (\{.*?\});/.exec(html)?.[1] ?? '{}');
  const files = pages[`${signedIn ? 1 : 0} ${path}`] ?? [];
  if (!files.some((file) => file.endsWith('.js'))) throw new Error(`${path}: the page names none of its files for the first screen`);
  for (const file of files) {
    const request = requests.find((r) => new URL(r.url).pathname === file);
    if (!request) throw new Error(`${path}: ${file} is named by the page but was never asked for`);
    if (file.endsWith('.css') && request.by !== documentUrl)
      throw new Error(`${path}: ${file} was asked for by ${request.by}, not the page`);
  }
  for (const request of requests.filter((r) => r.url.endsWith('.css'))) {
    if (request.by !== documentUrl)
      throw new Error(`${path}: the first screen waited for ${request.url}, linked by ${request.by}, not by the page`);
  }
}

/** V8's compile hint (build/compile-hints.ts), on the first line of each chunk a first screen runs. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Throws unless the scripts the first screens run (the entry with the chunks the page links, and the first screens'
 * files in PAGES) start with the compile hint, and the scripts fetched later (qr-refresh, live updates: the app's
 * lazy chunks) do not: those are compiled only as their functions are called. Returns the files fetched later.
 */
function checkCompileHints(path, signedIn, html, bodies) {
  const pages = JSON.parse(/var PAGES = (\{.*?\});/.exec(html)?.[1] ?? '{}');
  const start = new Set([
    ...[...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
    ...Object.values(pages)
      .flat()
      .filter((file) => file.endsWith('.js')),
  ]);
  const own = (pages[`${signedIn ? 1 : 0} ${path}`] ?? []).filter((file) => file.endsWith('.js'));
  if (start.size < 2 || !own.length) throw new Error(`${path}: found no entry script and page files in index.html`);
  for (const file of own) if (!bodies.has(file)) throw new Error(`${path}: the page's ${file} was not loaded`);
  for (const [file, body] of bodies) {
    const hinted = body.startsWith(COMPILE_HINT);
    if (start.has(file) && !hinted) throw new Error(`${path}: ${file} runs on the first screen but lacks the compile hint`);
    if (!start.has(file) && hinted) throw new Error(`${path}: ${file} is loaded later but carries the compile hint`);
  }
  return [...bodies.keys()].filter((file) => !start.has(file));
}

/** Opens /auth like a phone and returns the scripts fetched until idle: [{ file, gzip }]. */
async function measureAuth({ base, browser, sources }) {
  const page = await browser.newPage(PHONE);
  const requests = await watchRequests(page);
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  const html = await (await page.goto(`${base}/auth`, { waitUntil: 'networkidle' })).text();
  await page.getByTestId('login-page').waitFor();
  checkPageFilesEarly('/auth', false, html, `${base}/auth`, [...requests]);
  await page.waitForLoadState('networkidle');
  const bodies = new Map();
  for (const response of scripts) bodies.set(new URL(response.url()).pathname, (await response.body()).toString('utf8'));
  checkCompileHints('/auth', false, html, bodies);
  const out = [];
  for (const response of scripts) {
    const file = new URL(response.url()).pathname.replace(/^\//, '');
    const body = await response.body();
    const text = body.toString('utf8');
    const reason = forbidden('/auth', file, text, sources);
    if (reason) throw new Error(reason);
    out.push({ file, gzip: gzipSync(body, { level: 9 }).length });
  }
  await page.close();
  return out;
}

/** The demo customer's first screens: what they must not fetch or make. Returns a line per page. */
async function checkSignedIn({ base, browser, sources }) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: '+77010000001', password: 'Orda-demo-2026' }),
  });
  if (!login.ok) throw new Error(`demo customer sign-in: ${login.status}`);
  const token = (await login.json()).data.access.token;
  const lines = [];
  for (const [path, ready] of [
    ['/', 'waiting-summary'],
    ['/orders', 'order-card'],
  ]) {
    const context = await browser.newContext(PHONE);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await context.addInitScript(countIntlFormatters);
    const page = await context.newPage();
    const requests = await watchRequests(page);
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const html = await (await page.goto(`${base}${path}`, { waitUntil: 'load' })).text();
    await page.getByTestId(ready).first().waitFor();
    checkPageFilesEarly(path, true, html, `${base}${path}`, [...requests]);
    // Live updates keep a connection open (no network idle): the page's own requests are done well within this.
    await page.waitForTimeout(2000);
    const bodies = new Map();
    const gzip = new Map();
    for (const response of scripts) {
      const file = new URL(response.url()).pathname.replace(/^\//, '');
      const body = await response.body();
      const text = body.toString('utf8');
      bodies.set(`/${file}`, text);
      gzip.set(`/${file}`, gzipSync(body, { level: 9 }).length);
      const reason = forbidden(path, file, text, sources);
      if (reason) throw new Error(reason);
    }
    const lazy = checkCompileHints(path, true, html, bodies);
    const later = lazy.length;
    if (!later) throw new Error(`${path}: no script was loaded after the first screen's (expected the app's lazy chunks)`);
    const made = await page.evaluate(() => window.__intlMade);
    if (made.length) throw new Error(`${path} made Intl formatters while loading (40–350 ms each on a phone): ${made.join(', ')}`);
    const kb = (files) => `${(files.reduce((sum, file) => sum + gzip.get(file), 0) / 1024).toFixed(1)} KB`;
    const first = [...gzip.keys()].filter((file) => !lazy.includes(file));
    lines.push(
      `${path} (signed in): ${kb([...gzip.keys()])} of gzipped JavaScript in ${scripts.length} scripts (the first screen's ${first.length}: ${kb(first)}), no staff code, no validation or form library, no Intl formatter, its files asked for by the page, the compile hint on the ${scripts.length - later} the first screens run and on none of the other ${later} (texts, lazy chunks)`,
    );
    await context.close();
  }
  return lines;
}

/** Starts the built product, opens `path` like a phone, and returns the scripts fetched until idle: [{ file, gzip }]. */
export async function measure(path = '/auth', dist = join(root, 'dist')) {
  if (path !== '/auth') throw new Error('the budget is measured on /auth');
  return withProduct(dist, measureAuth);
}

async function main() {
  if (process.argv.includes('--build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'dist');
  const { auth, signedIn } = await withProduct(dist, async (product) => ({
    auth: await measureAuth(product),
    signedIn: await checkSignedIn(product),
  }));
  const chunks = auth.sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  for (const c of chunks) console.log(`  ${(c.gzip / 1024).toFixed(1).padStart(7)} KB  ${c.file}`);
  const line = `/auth fetches ${(total / 1024).toFixed(1)} KB of gzipped JavaScript in ${chunks.length} files until idle (budget ${BUDGET_BYTES / 1024} KB), its files asked for by the page`;
  if (total > BUDGET_BYTES) {
    console.error(`✗ ${line}`);
    process.exit(1);
  }
  console.log(`✓ ${line}`);
  for (const l of signedIn) console.log(`✓ ${l}`);
  const estimator = estimatorFiles(dist);
  if (estimator.length) {
    console.error(`✗ the password strength estimator (zxcvbn-ts) is in the web app's ${estimator.join(', ')}: it belongs to the API`);
    process.exit(1);
  }
  console.log('✓ no built file carries the password strength estimator');
  const runtime = runtimeProblems(dist);
  if (runtime.length) {
    console.error(`✗ the build does not run on React's production runtime alone (ADR 070):\n  ${runtime.join('\n  ')}`);
    process.exit(1);
  }
  console.log("✓ the build ships react-dom's production runtime, and neither React's development runtime nor Preact");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
