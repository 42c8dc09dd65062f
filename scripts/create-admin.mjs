#!/usr/bin/env node
// `npm run create-admin -- --phone … --password …`: runs the API's create-admin command from the
// sources when tsx is installed (development), otherwise from the build (apps/api/dist/create-admin.js).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const built = join(root, 'apps/api/dist/create-admin.js');
let command;
try {
  const tsx = createRequire(join(root, 'apps/api/package.json')).resolve('tsx/cli');
  command = [process.execPath, [tsx, join(root, 'apps/api/src/cli/create-admin.ts'), ...args]];
} catch {
  if (!existsSync(built)) {
    console.error('apps/api/dist/create-admin.js is missing: run npm run build first');
    process.exit(1);
  }
  command = [process.execPath, [built, ...args]];
}
const result = spawnSync(command[0], command[1], { stdio: 'inherit' });
process.exit(result.status ?? 1);
