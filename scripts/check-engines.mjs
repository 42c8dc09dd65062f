#!/usr/bin/env node
// Every installed package must run on the Node the product promises (package.json engines, >=20.19):
// a package whose `engines.node` excludes 20.19.0 makes `npm ci` warn EBADENGINE and may break on it.
// Root `overrides` in package.json pin such packages to a major that still supports Node 20.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

export const PROMISED_NODE = '20.19.0';

/** Walks node_modules (nested ones too) and returns the packages whose engines.node excludes `node`. */
export function findEngineViolations(root, node = PROMISED_NODE) {
  const bad = [];
  const seen = new Set();
  const visit = (dir) => {
    if (!existsSync(dir) || seen.has(dir)) return;
    seen.add(dir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(full);
        continue;
      }
      const manifest = join(full, 'package.json');
      if (existsSync(manifest) && !entry.isSymbolicLink()) {
        try {
          const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
          const range = pkg.engines?.node;
          if (typeof range === 'string' && semver.validRange(range) && !semver.satisfies(node, range)) {
            bad.push({ name: pkg.name, version: pkg.version, node: range, path: full });
          }
        } catch {
          // not a package manifest we can read: not ours to judge
        }
      }
      visit(join(full, 'node_modules'));
    }
  };
  visit(join(root, 'node_modules'));
  for (const ws of ['apps/api', 'apps/web', 'packages/contract', 'e2e', 'bench']) visit(join(root, ws, 'node_modules'));
  return bad;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  const bad = findEngineViolations(root);
  for (const b of bad) console.log(`${b.name}@${b.version} wants node ${b.node} (${b.path})`);
  console.log(
    bad.length ? `${bad.length} package(s) exclude Node ${PROMISED_NODE}` : `every installed package runs on Node ${PROMISED_NODE}`,
  );
  process.exit(bad.length ? 1 : 0);
}
