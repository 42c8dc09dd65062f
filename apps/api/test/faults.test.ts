import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/seed';
import { client, createTestApp, DEMO, login, type TestContext } from './helpers';
import { OwnPostgres } from './own-postgres';

// A PostgreSQL server of this test's own (another port), so it can be stopped and started under the app.
let own: OwnPostgres;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  own = await new OwnPostgres().init();
  process.env.TEST_DATABASE_URL = own.url;
  ctx = await createTestApp();
  token = (await login(ctx.app, DEMO.customer)).token;
}, 120_000);
afterAll(async () => {
  await ctx?.close().catch(() => {});
  delete process.env.TEST_DATABASE_URL;
  await own?.destroy();
});

/** Calls a customer makes (anonymous and signed in, reads and writes). */
const CALLS: { method: 'GET' | 'POST'; url: string; auth?: boolean; body?: unknown }[] = [
  { method: 'GET', url: '/faqs' },
  { method: 'GET', url: '/settings' },
  { method: 'GET', url: '/countries' },
  { method: 'GET', url: '/auth/user', auth: true },
  { method: 'GET', url: '/orders/status/1/orders', auth: true },
  { method: 'GET', url: '/saved-tracks', auth: true },
  { method: 'POST', url: '/auth/login', body: { phone_number: DEMO.customer, password: DEMO.password } },
  { method: 'POST', url: '/auth/send-code', body: { phone_number: '+77059990001' } },
];

describe('PostgreSQL unreachable', () => {
  it('every call answers 503 with Retry-After and a clear message (never 500), readiness fails, liveness holds; all recovers by itself', async () => {
    const call = client(ctx.app);
    expect((await call('GET', '/health/ready')).status).toBe(200);
    for (const c of CALLS)
      expect((await call(c.method, c.url, { body: c.body, token: c.auth ? token : undefined })).status, c.url).toBeLessThan(500);

    await own.stop('immediate');
    // Public content read just before is still served from the process for up to CONTENT_CACHE_SECONDS;
    // past that it is a 503 like everything else.
    ctx.app.contentCache.clear();
    for (const lang of ['en', 'ru']) {
      for (const c of CALLS) {
        const res = await call(c.method, c.url, { body: c.body, token: c.auth ? token : undefined, lang });
        expect(res.status, `${c.method} ${c.url}`).toBe(503);
        expect(res.headers['retry-after'], c.url).toBe('5');
        expect(res.json).toMatchObject({ code: 'service_unavailable', retry_after: 5 });
        expect(res.json.message).toBe(
          lang === 'en'
            ? 'The service is temporarily unavailable. Please try again in a few seconds.'
            : 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
        );
      }
    }
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await call('GET', '/health/live')).status).toBe(200);

    await own.start();
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 20_000) {
      status = (await call('GET', '/auth/user', { token })).status;
      if (status === 200) break;
      expect(status).toBe(503);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await call('GET', '/health/ready')).json).toMatchObject({ status: 'ready', database: 'up' });
    for (const c of CALLS)
      expect((await call(c.method, c.url, { body: c.body, token: c.auth ? token : undefined })).status, c.url).toBeLessThan(500);
  }, 90_000);
});

describe('two processes starting together', () => {
  it('apply the migrations once, under a lock, and seed once', async () => {
    const admin = new pg.Client({ connectionString: own.url });
    await admin.connect();
    await admin.query('create database startup_race');
    await admin.end();
    const url = own.url.replace(/\/postgres$/, '/startup_race');
    const seedCounts: number[] = [];
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        openDatabase({
          databaseUrl: url,
          afterMigrate: async (db) => {
            await seedDatabase(db, { demo: false });
            seedCounts.push(1);
          },
        }),
      ),
    );
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const journal = JSON.parse(readFileSync(join(__dirname, '../src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await c.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(applied.rows.every((r) => r.n === 1)).toBe(true);
    const countries = await c.query('select code, count(*)::int as n from countries group by code having count(*) > 1');
    expect(countries.rows).toEqual([]);
    await c.end();
    expect(seedCounts).toHaveLength(2);
    await a!.close();
    await b!.close();
  }, 60_000);
});

describe('shutdown', () => {
  it('drains: a request in flight finishes, then the server stops taking connections', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database, closeDatabase: false, logger: false });
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 700));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`, { headers: { connection: 'close' } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 150));
    const closed = app.close();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
  }, 30_000);
});
