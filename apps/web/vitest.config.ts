import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { phoneMetadataPlugin } from './build/phone-metadata.ts';

export default defineConfig({
  plugins: [react(), phoneMetadataPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    maxWorkers: 2,
  },
});
