import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './support/browser';
import { BASE_URL } from './support/env';

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
/** Specs that change the demo server's shared content for everyone (run last, serially: see the projects). */
const SHARED_STATE = [
  '**/admin-places.spec.ts',
  '**/admin-content-support.spec.ts',
  '**/admin-broadcasts.spec.ts',
  // Sets what the demo country's customs need (every dispatch reads it): a phone-width journey.
  '**/customs-iin.spec.ts',
];
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Browser tests against the built product (`node apps/api/dist/server.js` serving apps/web/dist) on a
 * fresh embedded database, at phone (375px) and desktop (1280px) widths.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    launchOptions: chromiumLaunch,
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // A journey that proves a rule rather than a layout runs at one width only: tag its title `@desktop` or `@mobile`.
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      testIgnore: SHARED_STATE,
      use: PHONE,
    },
    { name: 'desktop', grepInvert: /@mobile/, testIgnore: SHARED_STATE, use: DESKTOP },
    // Journeys that change what every page shows (the site name and logo, published news, broadcast segments) run
    // after all others, one after another, so no other test sees their changes midway.
    ...SHARED_STATE.map((file, i) => {
      const phone = file.includes('customs-iin');
      return {
        name: `shared-state-${i + 1}`,
        testMatch: file,
        grepInvert: phone ? /@desktop/ : /@mobile/,
        dependencies: i === 0 ? ['mobile', 'desktop'] : [`shared-state-${i}`],
        use: phone ? PHONE : DESKTOP,
      };
    }),
  ],
  webServer: {
    command: 'node e2e/scripts/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
