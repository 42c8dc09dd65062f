import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema';
import { CONTENT_CACHE_SECONDS, ContentCache } from '../src/plugins/etag';
import { client, createTestApp, DEMO, login, secondInstance, type TestContext } from './helpers';
import { OwnRedis } from './own-redis';

/**
 * Public content is kept in each process (issue 15, server cost): an admin's save shows at once on the process
 * that took it, at once on the others through Redis, and within CONTENT_CACHE_SECONDS on the others without it.
 * A second buildApp on the same database stands for a second API process (its own cache, as a process has).
 */
let ctx: TestContext;
let redis: OwnRedis;
const others: FastifyInstance[] = [];

/** Another "process" on the same database, with or without Redis. */
async function second(env: Record<string, string> = {}) {
  const app = await secondInstance(ctx, env);
  others.push(app);
  return app;
}

beforeAll(async () => {
  redis = await new OwnRedis().start();
  ctx = await createTestApp({ env: { REDIS_URL: redis.url } });
}, 60_000);
afterAll(async () => {
  for (const app of others) await app.close();
  await ctx?.close();
  await redis?.stop();
});

const siteName = async (app: FastifyInstance) => (await client(app)('GET', '/settings', { lang: 'en' })).json.data.site_name as string;

async function saveSiteName(app: FastifyInstance, name: string) {
  const call = client(app);
  const { token } = await login(app, DEMO.admin);
  const now = (await call('GET', '/admin/settings', { token })).json.data;
  const saved = await call('PUT', '/admin/settings', { token, body: { ...now, site_name: name } });
  expect(saved.status, saved.body).toBe(200);
}

describe('public content kept in the process', () => {
  it('is served from the process until an admin saves; the save shows at once on the process that took it', async () => {
    const before = await siteName(ctx.app);
    // A change made behind the API's back (not through the admin API) is not seen while the answer is kept …
    await ctx.database.db.update(settings).set({ value: 'Changed behind the back' }).where(eq(settings.key, 'site_name'));
    expect(await siteName(ctx.app)).toBe(before);
    // … an admin save is, at once (the cache is cleared before the admin's answer leaves).
    await saveSiteName(ctx.app, 'Saved by the admin');
    expect(await siteName(ctx.app)).toBe('Saved by the admin');
    // The ETag follows the content: a browser's old validator gets the new answer, not 304.
    const etag = (await client(ctx.app)('GET', '/settings', { lang: 'en' })).headers.etag as string;
    await saveSiteName(ctx.app, 'Saved again');
    const res = await client(ctx.app)('GET', '/settings', { lang: 'en', headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(res.json.data.site_name).toBe('Saved again');
  });

  it('a save on one process shows at once on another through Redis', async () => {
    const other = await second({ REDIS_URL: redis.url });
    await siteName(other); // kept there
    await saveSiteName(ctx.app, 'Seen everywhere');
    const until = Date.now() + 2000;
    let seen = await siteName(other);
    while (seen !== 'Seen everywhere' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await siteName(other);
    }
    expect(seen).toBe('Seen everywhere');
  });

  it(`without Redis, another process shows the save within ${CONTENT_CACHE_SECONDS} s`, async () => {
    const other = await second();
    await siteName(other);
    await saveSiteName(ctx.app, 'Seen later');
    expect(await siteName(other)).not.toBe('Seen later'); // still the kept answer
    const started = Date.now();
    let seen = '';
    while (Date.now() - started < (CONTENT_CACHE_SECONDS + 2) * 1000) {
      seen = await siteName(other);
      if (seen === 'Seen later') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen).toBe('Seen later');
    expect(Date.now() - started).toBeLessThan((CONTENT_CACHE_SECONDS + 1) * 1000);
  }, 20_000);

  it('keeps one answer per language and address, and never one read before a clear', () => {
    const cache = new ContentCache(60_000, 2);
    const generation = cache.generation;
    cache.set('en /api/settings', generation, { payload: 'a', type: 'application/json', etag: '"a"' });
    expect(cache.get('en /api/settings')?.payload).toBe('a');
    expect(cache.get('ru /api/settings')).toBeUndefined();
    // A read that began before an admin's change ends after it: it is not kept.
    const started = cache.generation;
    cache.clear();
    cache.set('en /api/settings', started, { payload: 'old', type: 'application/json', etag: '"old"' });
    expect(cache.get('en /api/settings')).toBeUndefined();
    // Bounded: hostile query strings cannot grow it past its size.
    for (let i = 0; i < 10; i += 1)
      cache.set(`en /api/faqs?search=${i}`, cache.generation, { payload: 'x', type: 'application/json', etag: '"x"' });
    expect(cache.size).toBe(2);
  });
});

describe('security headers', () => {
  it('every answer carries the same set, built once', async () => {
    const call = client(ctx.app);
    const a = await call('GET', '/settings');
    const b = await call('GET', '/health/live');
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ])
      expect(a.headers[name], name).toBeTruthy();
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
    expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
