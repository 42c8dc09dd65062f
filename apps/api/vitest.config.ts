import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL, each test file copies a template database built once per run (test/helpers.ts).
    globalSetup: ['test/global-setup.ts'],
    // PGlite is memory-hungry to start; two files at a time fit the 2-core machines.
    maxWorkers: 2,
    // On PostgreSQL (CI) the files share their two worker processes: the app's modules load once per worker instead
    // of once per file (the files' import time summed: 360 s → 14 s; the suite took 7.2 min on a quiet machine). On PGlite each file
    // keeps a process of its own: an embedded database's WebAssembly memory stays with its process (2 GB per worker
    // after 80 files when shared).
    isolate: !process.env.TEST_DATABASE_URL,
    env: { NODE_ENV: 'test' },
  },
});
