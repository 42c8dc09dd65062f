import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

/**
 * The built app gets React Router's production files: its package points every import at its development build, whose
 * only difference is that its warnings are on (checks and strings shipped to every phone). Build only: the tests and
 * the dev server keep the warnings. (React and react-dom pick their production files by NODE_ENV, which `vite build`
 * sets; scripts/bundle-size.mjs fails on a build that ships their development runtime.)
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
export const productionBuilds: Alias[] = [
  { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
];
