import { defineConfig } from 'vitest/config';
import { phoneMetadataPlugin } from './build/phone-metadata.ts';

export default defineConfig({
  plugins: [phoneMetadataPlugin()],
  // JSX for React's automatic runtime (the build's React plugin does the same; no Fast Refresh in tests).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    maxWorkers: 2,
  },
});
