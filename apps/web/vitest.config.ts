import { defineConfig } from 'vitest/config';
import { phoneMetadataPlugin } from './build/phone-metadata.ts';
import { preactAliases, preactJsx, reactLibraries } from './build/preact.ts';

export default defineConfig({
  plugins: [phoneMetadataPlugin()],
  resolve: { alias: preactAliases },
  oxc: preactJsx,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    maxWorkers: 2,
    // The components render with Preact as in the browser (build/preact.ts).
    server: { deps: { inline: true } },
    deps: { optimizer: { client: { enabled: true, include: reactLibraries } } },
  },
});
