#!/usr/bin/env node
/**
 * The JavaScript budget of the sign-in page, measured as a phone fetches it: starts the built product
 * (e2e/scripts/start-server.mjs on a fresh data folder), opens /auth in headless Chromium at 375px,
 * waits until the network is idle, and sums the gzipped size (gzip -9 of each body, whatever encoding
 * the server chose) of every script the browser fetched. Prints the figure and each script, and exits 1
 * above the budget, or when a fetched script holds staff/admin code (features/manage, features/admin),
 * the validation library (the sign-in form loads zod on the first key or tap: lib/forms/lazy-resolver.ts) or
 * react-hook-form (the sign-in form is lib/forms/use-small-form.ts).
 *
 *   node scripts/bundle-size.mjs            # measure the existing builds (apps/web/dist, apps/api/dist)
 *   node scripts/bundle-size.mjs --build    # run `vite build` first
 *
 * BUNDLE_PORT (default 3198) is where the product listens meanwhile; CHROMIUM_PATH the browser.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** Starts the built product, opens `path` like a phone, and returns the scripts fetched until idle: [{ file, gzip }]. */
export async function measure(path = '/auth', dist = join(root, 'dist')) {
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
    const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'ru-RU' });
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-page').waitFor();
    await page.waitForLoadState('networkidle');
    const out = [];
    for (const response of scripts) {
      const file = new URL(response.url()).pathname.replace(/^\//, '');
      const body = await response.body();
      out.push({ file, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') });
    }
    for (const { file, text } of out) {
      const keys = sources.get(file) ?? [];
      const staff = keys.find((key) => /features\/(manage|admin)\//.test(key));
      if (staff) throw new Error(`staff/admin code is loaded by ${path}: ${staff} (${file})`);
      // zod's base class, $constructor('$ZodType', …), is defined in the chunk that holds the library.
      if (/[`"']\$ZodType[`"'],\s*\(/.test(text)) throw new Error(`the validation library is loaded by ${path}: ${file}`);
      // react-hook-form (~13 KB): the sign-in form is lib/forms/use-small-form.ts; the library's form state knows `shouldUnregister`.
      if (/\bshouldUnregister\b/.test(text)) throw new Error(`the form library (react-hook-form) is loaded by ${path}: ${file}`);
    }
    return out.map(({ file, gzip }) => ({ file, gzip }));
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv.includes('--build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const chunks = (await measure('/auth')).sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  for (const c of chunks) console.log(`  ${(c.gzip / 1024).toFixed(1).padStart(7)} KB  ${c.file}`);
  const line = `/auth fetches ${(total / 1024).toFixed(1)} KB of gzipped JavaScript in ${chunks.length} files until idle (budget ${BUDGET_BYTES / 1024} KB)`;
  if (total > BUDGET_BYTES) {
    console.error(`✗ ${line}`);
    process.exit(1);
  }
  console.log(`✓ ${line}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
