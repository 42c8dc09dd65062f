#!/usr/bin/env node
// `npm test`: every test and check of the product, stage by stage, with one closing line "N passed, N failed".
//   lint       ESLint over the repository (tools/eslint-boundaries.js included)
//   format     Prettier's check of every .ts/.tsx/.js/.mjs file
//   typecheck  tsc in every workspace with a `typecheck` script (the web and API builds do not type-check);
//              lint, format and the type checks run side by side, as many at once as the machine has cores
//   unit       vitest in packages/contract, apps/api (real app on PGlite, or PostgreSQL with TEST_DATABASE_URL), apps/web
//   build      the production build of web and api, and the /auth bundle budget
//   image      the Dockerfile's image without Docker (scripts/image-check.mjs): its production install in a fresh
//              folder, the built dist copied in, started with NODE_ENV=production on a throwaway PostgreSQL database
//              (127.0.0.1:5432), create-admin, the admin's sign-in and readiness; builds first when the build is missing
//   e2e        Playwright in Debian's Chromium against the built server on a fresh embedded database
//   xproc      the cross-process suite (e2e/playwright.xproc.config.ts): two built API processes on a throwaway
//              PostgreSQL database (127.0.0.1:5432), Redis and an S3 fake behind nginx, run twice: connected to
//              PostgreSQL directly, then behind a PgBouncer of its own (transaction mode); not in the default stages
//              (CI runs it as a stage of its own after the PostgreSQL API suite); builds first when the build is missing
// TEST_STAGES=lint,format,typecheck,contract,api,web,build,image,e2e (the default) or e.g. TEST_STAGES=api picks
// stages; the counts are also written to .test-results/summary-<label>.json for .ci/run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
mkdirSync(out, { recursive: true });
const stages = (process.env.TEST_STAGES ?? 'lint,format,typecheck,contract,api,web,build,image,e2e').split(',').map((s) => s.trim());
const label = process.env.TEST_LABEL ?? stages.join('-');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const flaky = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

function vitest(name, workspace) {
  const report = join(out, `vitest-${name}.json`);
  rmSync(report, { force: true });
  const status = run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: join(root, workspace),
  });
  if (!existsSync(report)) {
    totals.failed += 1;
    failures.push(`${name}: vitest did not report (exit ${status})`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (r.numFailedTests > 0 || status !== 0) {
    failures.push(`${name}: ${r.numFailedTests} failed`);
    for (const file of r.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') failures.push(`  ${file.name.replace(root, '')} › ${t.fullName ?? t.title}`);
    if (r.numFailedTests === 0) {
      totals.failed += 1; // a suite that failed to load counts as a failure
    }
  }
}

function check(name, cmd, args, opts) {
  const status = run(name, cmd, args, opts);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${name}: exit ${status}`);
  }
  return status === 0;
}

/**
 * Checks that only read the sources (lint, format, type checks), run side by side, at most one per core: each one's
 * output is printed whole when it ends, and each counts as one check like the build.
 */
async function checksSideBySide(jobs) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const { name, cmd, args, cwd } = jobs[i];
      const begun = Date.now();
      results[i] = await new Promise((resolve) => {
        let output = '';
        const child = spawn(cmd, args, { cwd: cwd ?? root });
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
        child.on('close', (status) => resolve({ status: status ?? 1, output }));
      });
      const { status, output } = results[i];
      console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')} (${((Date.now() - begun) / 1000).toFixed(0)} s)`);
      process.stdout.write(output);
      if (status === 0) totals.passed += 1;
      else {
        totals.failed += 1;
        failures.push(`${name}: exit ${status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), jobs.length)) }, worker));
}

/** The workspaces with a `typecheck` script (what `npm run typecheck` runs). */
function typecheckWorkspaces() {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces.filter((ws) => JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8')).scripts?.typecheck);
}

/** "project › file:line › title: first error line" for each test of that status in the JSON report: 'unexpected'
 * (its last attempt failed) or 'flaky' (passed on a retry), so the run's last lines name them. */
function playwrightTests(suites, status, path = []) {
  const out = [];
  for (const suite of suites) {
    const here = suite.file && !path.length ? [suite.file] : [...path, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) {
          const attempt = test.results?.find((res) => res.error) ?? test.results?.at(-1);
          const error = stripVTControlCharacters(attempt?.error?.message ?? '')
            .split('\n')[0]
            .slice(0, 200);
          out.push(`${test.projectName} › ${spec.file}:${spec.line} › ${[...here.slice(1), spec.title].join(' › ')}: ${error}`);
        }
    out.push(...playwrightTests(suite.suites ?? [], status, here));
  }
  return out;
}

function playwright(name = 'e2e', config = null, env = {}) {
  const report = join(out, name === 'e2e' ? 'playwright.json' : `playwright-${name}.json`);
  rmSync(report, { force: true });
  const status = run(name, 'npx', ['playwright', 'test', ...(config ? ['--config', config] : [])], {
    cwd: join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, CI: process.env.CI ?? '', ...env },
  });
  if (!existsSync(report)) {
    totals.failed += 1;
    failures.push(`${name}: playwright did not report (exit ${status})`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const s = r.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  if ((s.unexpected ?? 0) > 0 || status !== 0) {
    failures.push(`${name}: ${s.unexpected ?? '?'} failed (exit ${status})`);
    failures.push(...playwrightTests(r.suites ?? [], 'unexpected').map((t) => `  ${t}`));
    // A run that failed before any test did (its web server or global setup did not start) counts as a failure.
    if (!s.unexpected) totals.failed += 1;
  }
  for (const t of playwrightTests(r.suites ?? [], 'flaky')) flaky.push(`${name}: ${t}`);
}

const gates = [];
if (stages.includes('lint'))
  gates.push({ name: 'lint', cmd: 'npx', args: ['eslint', '.', '--cache', '--cache-location', 'node_modules/.cache/eslint/'] });
if (stages.includes('format'))
  gates.push({ name: 'format', cmd: 'npx', args: ['prettier', '--check', '--cache', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs}'] });
if (stages.includes('typecheck'))
  for (const ws of typecheckWorkspaces())
    gates.push({ name: `typecheck ${ws}`, cmd: 'npm', args: ['run', '--silent', 'typecheck'], cwd: join(root, ws) });
if (gates.length) await checksSideBySide(gates);

if (stages.includes('contract')) vitest('contract', 'packages/contract');
if (stages.includes('api')) vitest('api', 'apps/api');
if (stages.includes('web') && existsSync(join(root, 'apps/web/vitest.config.ts'))) vitest('web', 'apps/web');
let built = true;
if (stages.includes('build') || stages.includes('e2e')) {
  built = check('build', 'npm', ['run', 'build']);
  if (built && existsSync(join(root, 'apps/web/scripts/bundle-size.mjs')))
    check('bundle budget', 'node', ['apps/web/scripts/bundle-size.mjs']);
}
if (stages.includes('image')) {
  const haveBuild = existsSync(join(root, 'apps/api/dist/server.js')) && existsSync(join(root, 'apps/web/dist/index.html'));
  if (!haveBuild && !stages.includes('build') && !stages.includes('e2e')) built = check('build', 'npm', ['run', 'build']);
  if (built) check('image', 'node', ['scripts/image-check.mjs']);
  else failures.push('image: not run, the build failed');
}
if (stages.includes('e2e')) {
  if (built && existsSync(join(root, 'e2e/playwright.config.ts'))) playwright();
  else if (!built) failures.push('e2e: not run, the build failed');
}

if (stages.includes('xproc')) {
  const haveBuild = existsSync(join(root, 'apps/api/dist/server.js')) && existsSync(join(root, 'apps/web/dist/index.html'));
  if (!haveBuild && !stages.includes('build') && !stages.includes('e2e')) built = check('build', 'npm', ['run', 'build']);
  // Twice, one stack after the other: the processes on PostgreSQL itself, then behind a PgBouncer of the stack's own
  // in transaction mode (ADR 095).
  if (built) {
    playwright('xproc', 'playwright.xproc.config.ts', { XPROC_DATABASE: 'direct' });
    playwright('xproc-pgbouncer', 'playwright.xproc.config.ts', { XPROC_DATABASE: 'pgbouncer' });
  } else failures.push('xproc: not run, the build failed');
}

writeFileSync(join(out, `summary-${label}.json`), JSON.stringify({ ...totals, failures, flaky }, null, 2));
console.log('\n━━ summary');
for (const f of flaky) console.log(`  ~ passed on a retry: ${f}`);
for (const f of failures) console.log(`  ✗ ${f}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
