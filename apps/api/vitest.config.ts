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
    env: { NODE_ENV: 'test' },
  },
});
