import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/modules/auth/session-cache';
import { sessionsRepository } from '../src/modules/auth/sessions-repository';
import { client, createTestApp, DEMO, login, registerCustomer, secondInstance, type TestContext } from './helpers';
import { OwnRedis } from './own-redis';

/**
 * Validated sessions kept in Redis (ADR 099): two app instances share a Redis and a database, as two processes
 * would; what one ends, the other refuses at once, however recently it kept the session.
 */
let redis: OwnRedis;
let probe: Redis;
let ctx: TestContext;
let other: FastifyInstance;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let adminToken: string;

const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
const kept = (token: string) => probe.exists(`sc:v:${sessionOf(token)}`);
const self = (call: ReturnType<typeof client>, who: { token: string; user: { id: number } }) =>
  call('GET', `/users/${who.user.id}`, { token: who.token });

beforeAll(async () => {
  redis = new OwnRedis();
  redis.port = Number(process.env.SESSION_CACHE_TEST_REDIS_PORT ?? 6392);
  await redis.start();
  probe = new Redis(redis.url);
  probe.on('error', () => {});
  ctx = await createTestApp({ env: { REDIS_URL: redis.url } });
  other = await secondInstance(ctx, { REDIS_URL: redis.url });
  a = client(ctx.app);
  b = client(other);
  adminToken = (await login(ctx.app, DEMO.admin)).token;
}, 120_000);

afterAll(async () => {
  await other?.close();
  await ctx?.close();
  probe?.disconnect();
  await redis?.stop();
});

describe('session cache across instances', () => {
  it('keeps a checked session, and a logout on one instance is refused at once by the other', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    expect(await kept(c.token)).toBe(1);
    // Served from Redis now: the same answer.
    expect((await self(b, c)).json.data.id).toBe(c.user.id);
    expect((await a('POST', '/auth/logout', { token: c.token, body: {} })).status).toBe(200);
    expect((await self(b, c)).status).toBe(401);
    expect((await self(a, c)).status).toBe(401);
  });

  it('a block on one instance is refused at once by the other', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    expect(await kept(c.token)).toBe(1);
    expect((await a('PATCH', `/admin/users/${c.user.id}`, { token: adminToken, body: { blocked: true } })).status).toBe(200);
    expect((await self(b, c)).status).toBe(401);
  });

  it('a role change shows at once on the other instance; taking staff back to customer ends their sessions there', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).json.data.role).toBe('customer');
    const made = await a('PATCH', `/admin/users/${c.user.id}`, {
      token: adminToken,
      body: { role: 'staff', place: { kind: 'china_warehouse' } },
    });
    expect(made.status).toBe(200);
    // Made staff keeps the session: the other instance answers the new role, not the kept one.
    expect((await self(b, c)).json.data.role).toBe('staff');
    expect(await kept(c.token)).toBe(1);
    expect((await a('PATCH', `/admin/users/${c.user.id}`, { token: adminToken, body: { role: 'customer' } })).status).toBe(200);
    expect((await self(b, c)).status).toBe(401);
  });

  it('a profile change is read fresh by the other instance', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).json.data.first_name).not.toBe('Renamed');
    expect((await a('POST', '/auth/user/update', { token: c.token, body: { first_name: 'Renamed' } })).status).toBe(200);
    expect((await self(b, c)).json.data.first_name).toBe('Renamed');
  });

  it('never keeps a session past its revocation under a burst racing the logout', async () => {
    for (let round = 0; round < 3; round += 1) {
      const c = await registerCustomer(ctx);
      expect((await self(b, c)).status).toBe(200);
      // Forget the kept entry so the burst reads PostgreSQL and fills while the logout commits.
      await probe.del(`sc:v:${sessionOf(c.token)}`);
      const burst = Array.from({ length: 30 }, (_, i) => self(i % 2 ? a : b, c));
      const logout = a('POST', '/auth/logout', { token: c.token, body: {} });
      const [, out] = await Promise.all([Promise.all(burst), logout]);
      expect(out.status).toBe(200);
      for (let i = 0; i < 10; i += 1) {
        expect((await self(b, c)).status).toBe(401);
        expect((await self(a, c)).status).toBe(401);
      }
    }
  });

  it('a fill that read PostgreSQL before a revocation committed is refused (the race, step by step)', async () => {
    const c = await registerCustomer(ctx);
    const sessionId = sessionOf(c.token);
    const connection = new Redis(redis.url);
    const cache = new SessionCache(connection, ctx.app.log);
    await new Promise((r) => setTimeout(r, 50));
    const before = await cache.find(sessionId, c.user.id);
    expect(before && 'miss' in before).toBe(true);
    const read = await sessionsRepository.findWithUser(ctx.app.db, sessionId);
    // The revocation commits (and is reported) between the read and the fill.
    await ctx.app.db.transaction(async (tx) => sessionsRepository.revoke(tx, sessionId, 'logout'));
    await cache.fill((before as { miss: never }).miss, read!);
    expect(await cache.find(sessionId, c.user.id)).not.toHaveProperty('hit');
    connection.disconnect();
    expect((await self(b, c)).status).toBe(401);
  });

  it('reports a change made in a transaction only after it commits, and none when it rolls back', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    const generation = () => probe.get(`sc:u:${c.user.id}`);
    const start = await generation();
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await sessionsRepository.revokeAllForUser(tx, c.user.id, 'test');
        // Not yet: a reader could still refill from the uncommitted state.
        expect(await generation()).toBe(start);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await generation()).toBe(start);
    expect((await self(b, c)).status).toBe(200);
  });

  it('a check racing an open transaction that ends the sessions keeps nothing that outlives its commit', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    await probe.del(`sc:v:${sessionOf(c.token)}`);
    await ctx.app.db.transaction(async (tx) => {
      await sessionsRepository.revokeAllForUser(tx, c.user.id, 'test');
      // Another connection still sees the session alive (not committed) and keeps it.
      expect((await self(b, c)).status).toBe(200);
      expect(await kept(c.token)).toBe(1);
    });
    expect((await self(b, c)).status).toBe(401);
  });

  it('a change made in a savepoint is reported when the outer transaction commits', async () => {
    const c = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    expect(await kept(c.token)).toBe(1);
    await ctx.app.db.transaction(async (tx) =>
      tx.transaction(async (inner) => sessionsRepository.revokeAllForUser(inner, c.user.id, 'test')),
    );
    expect((await self(b, c)).status).toBe(401);
  });

  it('with Redis away the check asks PostgreSQL: sessions work, and a logout still ends them', async () => {
    const c = await registerCustomer(ctx);
    const d = await registerCustomer(ctx);
    expect((await self(b, c)).status).toBe(200);
    await redis.stop();
    try {
      expect((await self(b, c)).status).toBe(200);
      expect((await self(b, d)).status).toBe(200);
      expect((await a('POST', '/auth/logout', { token: c.token, body: {} })).status).toBe(200);
      expect((await self(b, c)).status).toBe(401);
    } finally {
      await redis.start();
    }
    // Back: this process reads no entry a missed bump may have left until they have lapsed; still PostgreSQL's answer.
    for (let i = 0; i < 50 && other.redis!.status !== 'ready'; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect((await self(b, c)).status).toBe(401);
    expect((await self(b, d)).status).toBe(200);
  });
});
