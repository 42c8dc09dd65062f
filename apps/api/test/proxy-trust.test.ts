import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { createTestApp, DEMO, type TestContext } from './helpers';

/**
 * Client addresses behind a proxy (finding 4). A client writes any X-Forwarded-For it likes; each proxy
 * appends the address it saw. Only the hops the carrier configures may be believed: the client is the first
 * address from the right that is not one of them.
 */

const NGINX = '10.0.0.5';
const CLIENT = '203.0.113.7';

interface Hop {
  /** The socket's address (the proxy in front, or the client itself when it calls the API directly). */
  from: string;
  /** X-Forwarded-For as it arrives. */
  xff?: string;
}

/** Signs in through this hop chain and reads back the address the session recorded for the client. */
async function seenAs(ctx: TestContext, hop: Hop): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: hop.from,
    headers: { 'content-type': 'application/json', ...(hop.xff ? { 'x-forwarded-for': hop.xff } : {}) },
    payload: JSON.stringify({ phone_number: DEMO.customer, password: DEMO.password }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sid = JSON.parse(Buffer.from(res.json().data.access.token.split('.')[1], 'base64url').toString()).sid as string;
  const rows = await ctx.database.db.execute(sql`select ip from sessions where id = ${sid}`);
  return (rows as unknown as { rows: { ip: string }[] }).rows[0]!.ip;
}

/** Wrong-password sign-ins through a hop chain until the per-address limit answers 429: how many got through. */
async function triesBefore429(ctx: TestContext, hops: Hop[]): Promise<number> {
  let passed = 0;
  for (const hop of hops) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: hop.from,
      headers: { 'content-type': 'application/json', ...(hop.xff ? { 'x-forwarded-for': hop.xff } : {}) },
      // A different (unknown) number each time, so the per-number lockout never steps in.
      payload: JSON.stringify({ phone_number: `+7705${String(1000000 + passed).padStart(7, '0')}`, password: 'wrong-one' }),
    });
    if (res.statusCode === 429) return passed;
    expect(res.statusCode).toBe(401);
    passed += 1;
  }
  return passed;
}

/** A client (its own address, not CLIENT's) forging a fresh first entry on every call, behind the proxy at `from`. */
const forging = (n: number, from: string): Hop[] =>
  Array.from({ length: n }, (_, i) => ({ from, xff: `198.18.${i % 250}.${(i * 7) % 250}, 203.0.113.99` }));

describe('TRUST_PROXY setting', () => {
  it('takes false, a hop count, or a list of proxy addresses/CIDRs and range names', () => {
    const base = { DATA_DIR: '/tmp/portal-test-data' };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ ...base, TRUST_PROXY: ' 10.0.0.0/8, 172.30.0.10,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '172.30.0.10',
      'loopback',
      'fd00::/8',
    ]);
  });

  it.each(['true', '10.0.0.0/33', 'nginx', '1.2.3', '11', '10.0.0.1/8/1', ','])('refuses %o, naming TRUST_PROXY', (value) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-test-data', TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-test-data', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('one proxy in front, as a hop count (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ demo: true, authRateLimitPerMinute: 5, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => ctx.close());

  it('takes the address the proxy appended, not what the client wrote before it', async () => {
    expect(await seenAs(ctx, { from: NGINX, xff: CLIENT })).toBe(CLIENT);
    expect(await seenAs(ctx, { from: NGINX, xff: `6.6.6.6, 1.1.1.1, ${CLIENT}` })).toBe(CLIENT);
  });

  it('keeps counting a client that forges a new first entry on every call', async () => {
    expect(await triesBefore429(ctx, forging(8, NGINX))).toBe(5);
  });
});

describe('two hops (a CDN, then nginx), as a hop count (TRUST_PROXY=2)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ demo: true, env: { TRUST_PROXY: '2' } });
  });
  afterAll(async () => ctx.close());

  it('takes the address the outer proxy saw', async () => {
    expect(await seenAs(ctx, { from: NGINX, xff: `6.6.6.6, ${CLIENT}, 198.51.100.20` })).toBe(CLIENT);
  });
});

describe('proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ demo: true, authRateLimitPerMinute: 5, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => ctx.close());

  it('skips the named proxies from the right and stops at the first address that is not one', async () => {
    expect(await seenAs(ctx, { from: NGINX, xff: CLIENT })).toBe(CLIENT);
    // An inner load balancer (10.1.1.1) between nginx and the API is skipped as well.
    expect(await seenAs(ctx, { from: NGINX, xff: `6.6.6.6, ${CLIENT}, 10.1.1.1` })).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from anyone who is not a named proxy (a client calling the API directly)', async () => {
    expect(await seenAs(ctx, { from: '198.51.100.9', xff: '6.6.6.6' })).toBe('198.51.100.9');
    expect(await seenAs(ctx, { from: '198.51.100.9', xff: `6.6.6.6, ${NGINX}` })).toBe('198.51.100.9');
  });

  it('keeps counting a client that forges a new first entry on every call', async () => {
    expect(await triesBefore429(ctx, forging(8, NGINX))).toBe(5);
  });
});

describe('no proxy (TRUST_PROXY unset)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ demo: true });
  });
  afterAll(async () => ctx.close());

  it('the socket address is the client; X-Forwarded-For is ignored', async () => {
    expect(await seenAs(ctx, { from: '198.51.100.9', xff: '6.6.6.6' })).toBe('198.51.100.9');
  });
});
