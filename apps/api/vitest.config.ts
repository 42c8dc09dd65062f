import { defineConfig } from 'vitest/config';

/**
 * Files that measure how fast the server's event loop answers while it works (health during upload bombs, timings of
 * codes, pacing, live events): each keeps a process of its own, so the heap they measure is only their own app's.
 */
const TIMED = [
  'test/manage-import-bomb.test.ts',
  'test/manage-import-csv-bomb.test.ts',
  'test/auth-codes.test.ts',
  'test/channel-pacer.test.ts',
  'test/notifications-live.test.ts',
  'test/sms-providers.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL, each test file copies a template database built once per run (test/helpers.ts).
    globalSetup: ['test/global-setup.ts'],
    // PGlite is memory-hungry to start; two files at a time fit the 2-core machines.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: TIMED,
          // On PostgreSQL (CI) these files share their worker processes: the app's modules load once per worker
          // instead of once per file (the files' import time summed: 360 s → 14 s; the suite took 7.2 min on a quiet
          // machine). On PGlite each file keeps a process of its own: an embedded database's WebAssembly memory stays
          // with its process (2 GB per worker after 80 files when shared).
          isolate: !process.env.TEST_DATABASE_URL,
        },
      },
      // A shared worker's larger heap once made a health answer during the CSV bombs 647 ms (bound 600, ~20 ms alone).
      { extends: true, test: { name: 'api-timed', include: TIMED, isolate: true } },
    ],
  },
});
