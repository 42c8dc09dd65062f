import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHintsPlugin } from './build/compile-hints.ts';
import { firstPaintPlugin, startCallsPlugin } from './build/first-paint.ts';
import { phoneMetadataPlugin } from './build/phone-metadata.ts';
import { precompressPlugin } from './build/precompress.ts';
import { productionBuilds } from './build/production-builds.ts';

// In development /api goes to the API server (PORT 3000 by default, API_PROXY to point elsewhere).
const apiTarget = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  // React's plugin: JSX for React's automatic runtime, and Fast Refresh in the dev server (ADR 070).
  plugins: [react(), phoneMetadataPlugin(), startCallsPlugin(), firstPaintPlugin(), compileHintsPlugin(), precompressPlugin()],
  resolve: { alias: productionBuilds },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    // Parcel photos are served by the API from DATA_DIR/uploads.
    // The API serves the uploads and what carries the carrier's brand (the manifest, its icons, the legal pages).
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/manifest.webmanifest', '/app-icons', '/favicon.ico', '/legal'].map((path) => [
        path,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // SOURCEMAP=1 keeps maps, to measure which sources a chunk holds (never in the shipped build).
    sourcemap: process.env.SOURCEMAP === '1',
    chunkSizeWarningLimit: 400,
    // Fonts of a few hundred bytes (the tenge sign, Manrope's Kazakh letters) go inside the CSS, which is inside the page;
    // a larger one stays a file, fetched only by a page showing its letters instead of weighing on every page.
    assetsInlineLimit: (file, content) => (file.endsWith('.woff2') ? content.length <= 2048 : undefined),
    // Every browser the portal supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // A page's small shared modules are copied into the chunks that use them instead of each being a file of
    // its own (one or two kilobytes each, ~40 requests on home): fewer round trips on a slow phone network.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8000 } } },
    },
  },
});
