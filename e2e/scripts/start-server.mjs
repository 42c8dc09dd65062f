#!/usr/bin/env node
// Starts the BUILT product for the browser tests: a fresh data folder (embedded database, SMS outbox),
// the API serving apps/web/dist, on E2E_PORT. Builds first when a build is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);
const port = process.env.E2E_PORT ?? '3190';
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portal-e2e-${port}`);

if (!existsSync(join(root, 'apps/api/dist/server.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('[e2e] no build found: npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Telegram's Bot API, as a local fake the browser tests drive through its /__fake endpoints (fakes.json says where).
const { FakeTelegram } = await import(join(root, 'tools/fakes/telegram-bot-api.mjs'));
const telegram = new FakeTelegram({ token: '7000001:AAE_e2e-fake-bot-token_000000' });
await telegram.start();
// Kaspi QR (ADR 077): the fake with one registered device; a branch's Kaspi settings name its token, and the journeys
// drive its emulator (/test/payment/scan|confirm/{QrPaymentId}) as the customer's Kaspi app would.
const { FakeKaspi } = await import(join(root, 'tools/fakes/kaspi-qr.mjs'));
const kaspi = new FakeKaspi();
await kaspi.start();
const kaspiDevice = kaspi.addDevice('e2e-kaspi-device');
// The National Bank of Kazakhstan's rates feed (ADR 087): the rates job and "fetch now" ask the fake, never the NBK.
const { FakeNbk } = await import(join(root, 'tools/fakes/nbk-rates.mjs'));
const nbk = new FakeNbk();
await nbk.start();
// The bot's token too: the Mini App journey signs Telegram's initData and contacts with it, as Telegram would.
writeFileSync(
  join(dataDir, 'fakes.json'),
  JSON.stringify({ telegram: telegram.url, telegram_token: telegram.token, kaspi: kaspi.url, kaspiDevice }),
);

// The embedded database and no Redis, whatever the shell has set; or, to try the journeys as production runs,
// E2E_DATABASE_URL (a PostgreSQL database of its own, emptied first) with E2E_PRODUCTION=1 (NODE_ENV=production, the
// demo accounts seeded on purpose with SEED_DEMO): `E2E_DATABASE_URL=postgres://… E2E_PRODUCTION=1 npx playwright test …`.
const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
const production = process.env.E2E_PRODUCTION === '1';
const pg = process.env.E2E_DATABASE_URL;
if (pg) {
  const { default: postgres } = await import('pg');
  const client = new postgres.Client({ connectionString: pg });
  await client.connect();
  await client.query(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public',
  );
  await client.end();
}
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...inherited,
    NODE_ENV: production ? 'production' : 'test',
    ...(pg ? { DATABASE_URL: pg } : {}),
    ...(production ? { SEED_DEMO: 'true', JWT_SECRET: 'e2e-production-secret-'.repeat(3), SMS_DRIVER: 'outbox' } : {}),
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMS_OUTBOX: join(dataDir, 'sms-outbox.jsonl'),
    LOG_LEVEL: 'warn',
    // Each test presents its own client address (X-Forwarded-For), so the per-address limits on
    // sign-in calls and codes apply per test, as they would per customer, and not to the whole run: the
    // browser, on this machine, stands where the carrier's proxy stands (only 127.0.0.1 is trusted).
    TRUST_PROXY: '127.0.0.1',
    // Signed-in calls count per account (ADR 007) and the demo accounts serve every test of the run, so
    // their budget is the run's, not one person's.
    RATE_LIMIT_PER_MINUTE: '6000',
    // Notifications are sent and live badges move as in production (off by default under NODE_ENV=test).
    NOTIFY_WORKER: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Production wants the bot's webhook on an https:// address, which this local run has not: no bot there.
    ...(production ? {} : { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url }),
    KASPI_API_URL: kaspi.url,
    NBK_RATES_URL: nbk.url,
    // Seals the branches' merchant credentials (a test key: 32 bytes, hex).
    PAYMENTS_SECRET_KEY: 'e2e0'.repeat(16),
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  void Promise.allSettled([telegram.stop(), kaspi.stop(), nbk.stop()]).finally(() => process.exit(code ?? 0));
});
