import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { notificationChannels } from '../src/db/schema';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import { STORAGE_REMINDER_CRON, STORAGE_REMINDER_QUEUE } from '../src/modules/parcels/storage-reminders';
import { DRILL_REASON } from '../src/restore-drill';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';
import { freePort, OwnPostgres, postgresBin } from './own-postgres';
import { FakeTelegram } from '../../../tools/fakes/telegram-bot-api.mjs';

/**
 * The restore drill of docs/operations.md, on real processes: a database holding what it was about to send (SMS and
 * Telegram messages in the queue, a broadcast waiting for its minute, the hourly storage-reminder schedule) is
 * dumped and restored into a copy (`pg_dump -Fc`, `pg_restore --no-owner`, as the drill does), and the API starts on
 * the copy with RESTORE_DRILL=true beside every sending setting of production: an SMS provider, a Telegram bot, web
 * push keys, the worker on. Nothing reaches the provider or Telegram (not even setWebhook), the copy's queue and
 * schedules are empty, its waiting messages are "skipped" and its broadcast "cancelled", and the original keeps all.
 * On the TEST_DATABASE_URL server, or a PostgreSQL server of the test's own.
 */
const api = new URL('..', import.meta.url).pathname;
let own: OwnPostgres | null = null;
let ctx: TestContext;
let sourceUrl: string;
let drillUrl: string;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
const cleanup: (() => unknown)[] = [];

/** A stand-in for the SMS provider (SMS_DRIVER=http): counts what reaches it. */
const smsRequests: string[] = [];
let smsServer: Server;

const sql = async (url: string, text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) {
    own = await new OwnPostgres().init();
    process.env.TEST_DATABASE_URL = own.url;
  }
  ctx = await createTestApp();
  sourceUrl = ctx.databaseUrl!;
  customer = await registerCustomer(ctx);
  // The customer has Telegram linked, so a message goes out by SMS and by Telegram.
  await ctx.database.db.insert(notificationChannels).values({ userId: customer.user.id, channel: 'telegram', address: '424242' });
  await ctx.database.db.transaction((tx) =>
    notificationsService.notify(tx, [
      {
        userId: customer.user.id,
        event: 'order_at_branch',
        params: {
          order_id: 1,
          track_code: 'DRILL0000001',
          name: 'Boots',
          weight: 1.25,
          price: 2500,
          currency: 'KZT',
          storage_until: '2030-01-31',
          branch: { kk: 'Алматы', ru: 'Алматы', en: 'Almaty' },
        },
      },
    ]),
  );
  const admin = (await login(ctx.app, DEMO.admin)).token;
  const broadcast = await client(ctx.app)('POST', '/admin/broadcasts', {
    token: admin,
    body: {
      title: { kk: 'Тариф', ru: 'Тариф', en: 'Tariff' },
      body: { kk: 'Жаңа тариф.', ru: 'Новый тариф.', en: 'A new tariff.' },
      segment: {},
    },
  });
  expect(broadcast.status).toBe(201);
  // The hourly reminders' schedule, as a working process keeps it in the queue's tables.
  await ctx.app.notificationQueue.ensureQueue(STORAGE_REMINDER_QUEUE);
  await ctx.app.notificationQueue.boss.schedule(STORAGE_REMINDER_QUEUE, STORAGE_REMINDER_CRON, {}, { tz: 'UTC' });

  // Restore the latest dump into a scratch database, as docs/operations.md's drill does.
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const dir = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const dump = join(dir, 'portal.dump');
  const dumped = spawnSync(join(bin, 'pg_dump'), ['-Fc', '-d', sourceUrl, '-f', dump], { encoding: 'utf8' });
  if (dumped.status !== 0) throw new Error(`pg_dump: ${dumped.stderr}`);
  const name = `${new URL(sourceUrl).pathname.slice(1)}_drill`;
  const server = new URL(sourceUrl);
  server.pathname = '/postgres';
  await sql(server.toString(), `create database ${name}`);
  cleanup.push(() => sql(server.toString(), `drop database if exists ${name} with (force)`));
  const target = new URL(sourceUrl);
  target.pathname = `/${name}`;
  drillUrl = target.toString();
  const restored = spawnSync(join(bin, 'pg_restore'), ['--no-owner', '-d', drillUrl, dump], { encoding: 'utf8' });
  if (restored.status !== 0) throw new Error(`pg_restore: ${restored.stderr}`);

  smsServer = createServer((req, res) => {
    smsRequests.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => smsServer.close(resolve)));
}, 180_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => {});
  await ctx?.close().catch(() => {});
  if (own) {
    delete process.env.TEST_DATABASE_URL;
    await own.destroy();
  }
});

const pendingJobs = async (url: string) =>
  (await sql(
    url,
    `select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name order by name`,
  )) as {
    name: string;
    n: number;
  }[];

describe('restore drill', () => {
  it('a copy started with RESTORE_DRILL=true sends nothing, whatever production settings it is given, and empties its queue; the original keeps its own', async () => {
    // What the copy holds before it starts: the original's queue.
    const before = await pendingJobs(drillUrl);
    expect(before.map((r) => r.name)).toEqual(expect.arrayContaining(['broadcast-fanout', 'notification-deliver']));
    expect((await pendingJobs(drillUrl)).find((r) => r.name === 'notification-deliver')!.n).toBeGreaterThanOrEqual(2); // SMS + Telegram
    expect(await sql(drillUrl, 'select count(*)::int as n from pgboss.schedule')).toEqual([{ n: 1 }]);

    const telegram = new FakeTelegram({ token: '7000002:AAE_drill-fake-bot-token_00000' });
    await telegram.start();
    cleanup.push(() => telegram.stop());
    const vapid = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(join(tmpdir(), 'restore-drill-data-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: api,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        RESTORE_DRILL: 'true',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: drillUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        // Everything that sends, as production has it: the drill must override each.
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${(smsServer.address() as { port: number }).port}/send`,
        NOTIFY_WORKER: 'true',
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_URL: telegram.url,
        PUBLIC_URL: 'https://cargo.example.kz',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
    });
    cleanup.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the drill copy stopped (exit ${child.exitCode}):\n${output}`);
      const ready = await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > until) throw new Error(`the drill copy was not ready within 150 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // A worker would have taken the jobs within a second or two; give it five.
    await new Promise((r) => setTimeout(r, 5000));
    expect(smsRequests).toEqual([]);
    expect(telegram.calls).toEqual([]);
    expect(output).toMatch(/RESTORE DRILL: this process sends nothing to anyone/);
    expect(output).toMatch(
      /discarded from the copy: \d+ queued jobs \(.*broadcast-fanout 1.*notification-deliver \d+.*\), 1 schedules, \d+ messages/,
    );

    // A code asked for in the drill goes to the outbox file, not the provider.
    const phone = newPhone();
    const code = await fetch(`${url}/api/auth/send-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone }),
    });
    expect(code.status).toBe(200);
    expect(readFileSync(join(dataDir, 'sms-outbox.jsonl'), 'utf8')).toContain(phone);
    // No web push on the copy.
    expect((await fetch(`${url}/api/notifications/push/key`)).status).toBe(404);
    expect(smsRequests).toEqual([]);

    expect(await pendingJobs(drillUrl)).toEqual([]);
    expect(await sql(drillUrl, 'select count(*)::int as n from pgboss.schedule')).toEqual([{ n: 0 }]);
    expect(
      await sql(drillUrl, 'select channel, status, error from notification_deliveries where user_id = $1 order by channel', [
        customer.user.id,
      ]),
    ).toEqual([
      { channel: 'sms', status: 'skipped', error: DRILL_REASON },
      { channel: 'telegram', status: 'skipped', error: DRILL_REASON },
    ]);
    expect(await sql(drillUrl, 'select state from broadcasts')).toEqual([{ state: 'cancelled' }]);

    // The original is untouched: its queue, schedule and broadcast are all still there.
    expect((await pendingJobs(sourceUrl)).map((r) => r.name)).toEqual(expect.arrayContaining(['broadcast-fanout', 'notification-deliver']));
    expect(await sql(sourceUrl, 'select count(*)::int as n from pgboss.schedule')).toEqual([{ n: 1 }]);
    expect(await sql(sourceUrl, 'select state from broadcasts')).toEqual([{ state: 'scheduled' }]);

    child.kill('SIGTERM');
    await exited;
    expect(existsSync(join(dataDir, 'vapid.json'))).toBe(false);
  }, 240_000);

  it('RESTORE_DRILL opens only a copy named for the drill, so it never empties the queue of the database in service', async () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: api,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        RESTORE_DRILL: 'true',
        DATABASE_URL: sourceUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SMS_DRIVER: 'outbox',
        PORT: String(await freePort()),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'restore-drill-refused-')),
      },
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/RESTORE_DRILL: .*database name .* must contain "drill"/);
    expect((await pendingJobs(sourceUrl)).length).toBeGreaterThan(0);
  }, 120_000);
});
