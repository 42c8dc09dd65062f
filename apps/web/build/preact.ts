import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

/**
 * The web app is written against React's API and runs on Preact through preact/compat (ADR 066): the same
 * components, hooks and libraries (React Router, React Redux, react-i18next, react-hook-form, react-toastify),
 * about 50 KB less gzipped JavaScript on every page and a cheaper first render on a phone.
 * One list for the build, the dev server and the tests, so what is tested is what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The built app gets React Router's production files: its package points every import at its development build, whose
 * only difference is that its warnings are on (checks and strings shipped to every phone). Build only: the tests and
 * the dev server keep the warnings.
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
export const productionBuilds: Alias[] = [
  { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
];

/** JSX compiled by Vite (oxc) straight to Preact's runtime: no React plugin, no React Fast Refresh. */
export const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;

/**
 * Libraries whose published files are CommonJS or pick a CommonJS build under Node's conditions (the tests run in
 * Node): pre-bundled for the tests so that their `require('react')` goes to Preact too.
 */
export const reactLibraries = [
  'react-router-dom',
  'react-redux',
  'react-i18next',
  'react-toastify',
  'react-hook-form',
  '@hookform/resolvers/zod',
  'qrcode.react',
  '@reduxjs/toolkit/query/react',
  'use-sync-external-store/shim',
  'use-sync-external-store/with-selector.js',
];
