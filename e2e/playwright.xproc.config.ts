import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './support/browser';
import { databaseVariant } from './xproc/stack';

const variant = databaseVariant();

/**
 * The cross-process suite (issue 15): two built API processes on PostgreSQL and Redis behind Debian's nginx with
 * the recipe's deploy/nginx.conf (xproc/stack.ts starts it all once, in globalSetup, and stops it at the end).
 * Its own run and CI stage (`TEST_LABEL=xproc TEST_STAGES=xproc npm test`), after the PostgreSQL API suite, never
 * inside the main browser run: it starts five servers and the main run is timing-sensitive.
 * XPROC_DATABASE picks where the processes' database connections go: `direct` (PostgreSQL itself, the default) or
 * `pgbouncer` (Debian's PgBouncer in transaction mode, ADR 095); the xproc stage runs both, one after the other.
 */
export default defineConfig({
  testDir: './xproc',
  testMatch: '*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A check of shared state that passes only on a second try is a finding, not noise.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: variant === 'pgbouncer' ? './test-results/xproc-pgbouncer' : './test-results/xproc',
  // Named by the variant, so a failure line says which run it came from.
  projects: [{ name: variant === 'pgbouncer' ? 'xproc behind PgBouncer' : 'xproc' }],
  globalSetup: './xproc/global-setup.ts',
  use: {
    launchOptions: chromiumLaunch,
    viewport: { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
