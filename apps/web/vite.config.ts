import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintPlugin } from './build/first-paint.ts';
import { phoneMetadataPlugin } from './build/phone-metadata.ts';
import { precompressPlugin } from './build/precompress.ts';

// In development /api goes to the API server (PORT 3000 by default, API_PROXY to point elsewhere).
const apiTarget = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), phoneMetadataPlugin(), firstPaintPlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    // Parcel photos are served by the API from DATA_DIR/uploads.
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/uploads': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the portal supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
});
