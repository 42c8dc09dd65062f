// Spreadsheet import at scale: uploads a generated CSV of N rows (default 10,000) to POST /api/manage/imports as the
// demo warehouse staff member, then commits it, and prints the time of each step.
//
//   node bench/import.mjs                       starts the API itself (tsx, fresh embedded PGlite in a temp folder)
//   DATABASE_URL=postgres://… node bench/import.mjs   the same on a PostgreSQL server (use an empty database)
//   BASE_URL=http://127.0.0.1:3000 node bench/import.mjs   against a server already running (demo accounts seeded)
//   ROWS=20000 PORT=3410 …                     other sizes / port
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROWS = Number(process.env.ROWS ?? 10_000);
const PORT = Number(process.env.PORT ?? 3410);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let base = process.env.BASE_URL;
let server;
let dataDir;

async function waitForHealth(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the API did not start in time');
}

async function main() {
  if (!base) {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
    base = `http://127.0.0.1:${PORT}`;
    server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/api/src/server.ts')], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        SEED_DEMO: 'true',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(base);
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: '+77010000002', password: 'Orda-demo-2026' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const token = (await login.json()).data.access.token;
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };

  const prefix = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const lines = ['track_code,weight,client_code,name'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${prefix}${String(i).padStart(7, '0')},${((i % 900) + 1) / 100},${i % 4 === 0 ? 'KZ-10001' : ''},Item ${i}`);
  const csv = lines.join('\n');

  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const t0 = performance.now();
  const preview = await fetch(`${base}/api/manage/imports`, { method: 'POST', headers: auth, body: form });
  const t1 = performance.now();
  if (!preview.ok) throw new Error(`preview failed: ${preview.status} ${await preview.text()}`);
  const summary = (await preview.json()).data;
  const commit = await fetch(`${base}/api/manage/imports/${summary.id}/commit`, { method: 'POST', headers: auth });
  const t2 = performance.now();
  if (!commit.ok) throw new Error(`commit failed: ${commit.status} ${await commit.text()}`);
  const result = (await commit.json()).data.result;

  const engine = process.env.BASE_URL ? 'running server' : process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`rows: ${ROWS} (${(csv.length / 1024).toFixed(0)} KiB csv), engine: ${engine}`);
  console.log(`preview: ${(t1 - t0).toFixed(0)} ms  counts ${JSON.stringify(summary.counts)}`);
  console.log(`commit:  ${(t2 - t1).toFixed(0)} ms  result ${JSON.stringify(result)}`);
  console.log(`total:   ${(t2 - t0).toFixed(0)} ms (budget 60000 ms)`);
  if (result.new_order + result.unclaimed !== ROWS) throw new Error('not every row was applied');
  if (t2 - t0 > 60_000) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server?.kill('SIGTERM');
    if (dataDir) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  });
