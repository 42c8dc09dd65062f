import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, newPhone, type TestContext } from './helpers';
import { OwnRedis } from './own-redis';

// Issue 10, finding 6: losing Redis answered every call 500 while /api/health said ok.
let redis: OwnRedis;
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  redis = await new OwnRedis().start();
  ctx = await createTestApp({ authRateLimitPerMinute: 3, env: { REDIS_URL: redis.url } });
  token = (await login(ctx.app, DEMO.customer)).token;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await redis?.stop();
});

/** Anonymous and signed-in reads and writes, none of them limited per address. */
const CALLS = [
  { method: 'GET', url: '/faqs' },
  { method: 'GET', url: '/settings' },
  { method: 'GET', url: '/auth/user', auth: true },
  { method: 'GET', url: '/saved-tracks', auth: true },
  { method: 'POST', url: '/auth/refresh', body: { refresh_token: 'nope' } },
] as const;

async function signInTries(ip: string, n: number) {
  const call = client(ctx.app);
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await call('POST', '/auth/login', { body: { phone_number: newPhone(), password: 'wrong-one' }, ip })).status);
  return out;
}

describe('Redis unreachable (issue 10, finding 6)', () => {
  it('calls carry on with limits counted in the process, health says Redis is down, and all is shared again when it returns', async () => {
    const call = client(ctx.app);
    expect((await call('GET', '/health')).json).toMatchObject({ status: 'ok', redis: 'up' });
    expect(await signInTries('10.66.0.1', 4)).toEqual([401, 401, 401, 429]);

    await redis.stop();
    for (const c of CALLS) {
      const res = await call(c.method, c.url, { token: 'auth' in c ? token : undefined, body: 'body' in c ? c.body : undefined });
      expect(res.status, `${c.method} ${c.url}`).toBeLessThan(500);
    }
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', redis: 'down' });
    expect((await call('GET', '/health/ready')).json).toMatchObject({ database: 'up', redis: 'down' });
    // the per-address limit still holds, in the process
    expect(await signInTries('10.66.0.2', 4)).toEqual([401, 401, 401, 429]);

    await redis.start();
    const started = Date.now();
    while ((await call('GET', '/health')).json.redis !== 'up') {
      expect(Date.now() - started).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    // counted in Redis again: a fresh address's tries appear there
    await signInTries('10.66.0.3', 1);
    const probe = new Redis(redis.url);
    try {
      const keys = await probe.keys('portal-rl:*10.66.0.3*');
      expect(keys.length).toBe(1);
    } finally {
      probe.disconnect();
    }
    for (const c of CALLS) {
      const res = await call(c.method, c.url, { token: 'auth' in c ? token : undefined, body: 'body' in c ? c.body : undefined });
      expect(res.status, `${c.method} ${c.url}`).toBeLessThan(500);
    }
  }, 60_000);
});
