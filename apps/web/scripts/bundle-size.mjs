#!/usr/bin/env node
/**
 * The JavaScript budget of the sign-in page: after `vite build`, sums the gzipped size of every
 * script /auth loads — the entry and its static imports, the auth pages' chunks with theirs, and the
 * default language's texts — prints the figure and each chunk, and exits 1 above the budget.
 * Staff and admin chunks (features/manage, features/admin) are never counted: /auth does not load them.
 *
 *   node scripts/bundle-size.mjs            # measure an existing dist/
 *   node scripts/bundle-size.mjs --build    # run `vite build` first
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 200 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The chunks /auth loads, from Vite's manifest: [{ file, gzip }]. */
export function authChunks(dist = join(root, 'dist')) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run vite build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entries = Object.entries(manifest);
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (/features\/(manage|admin)\//.test(key)) throw new Error(`staff/admin code is loaded by /auth: ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = entries.find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  visit(entry[0]);
  for (const [key] of entries) {
    if (key.startsWith('src/features/auth/pages/') || key === 'src/locales/ru-core.ts') visit(key);
  }
  return files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
}

function main() {
  if (process.argv.includes('--build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const chunks = authChunks().sort((a, b) => b.gzip - a.gzip);
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  for (const c of chunks) console.log(`  ${(c.gzip / 1024).toFixed(1).padStart(7)} KB  ${c.file}`);
  const line = `/auth loads ${(total / 1024).toFixed(1)} KB of gzipped JavaScript (budget ${BUDGET_BYTES / 1024} KB)`;
  if (total > BUDGET_BYTES) {
    console.error(`✗ ${line}`);
    process.exit(1);
  }
  console.log(`✓ ${line}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
