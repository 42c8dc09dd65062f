// Bundles the API into dist/server.js (the contract package inlined, npm dependencies left external)
// and copies the SQL migrations beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@portal/'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(root, 'src/server.ts'),
    'create-admin': join(root, 'src/cli/create-admin.ts'),
    // The .xlsx reader's worker thread, found by import-parse beside server.js.
    'xlsx-worker': join(root, 'src/modules/manage/xlsx-worker.ts'),
  },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'libphonenumber-js', 'zod'],
  logLevel: 'warning',
});
cpSync(join(root, 'src/db/migrations'), join(root, 'dist/migrations'), { recursive: true });
console.log('api built → apps/api/dist/server.js (and dist/create-admin.js, dist/xlsx-worker.js)');
