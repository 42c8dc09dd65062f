import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';

// Issue 10, finding 10: one shared address (an office, a mobile operator's NAT) must be able to open the
// portal as often as its people do. Budgets are small here so the test is quick: 30 calls per account and
// minute, 5 sign-in calls per address and minute.
const PER_ACCOUNT = 30;
const PER_ADDRESS_SIGN_IN = 5;
const SHARED = '100.64.7.7';

let ctx: TestContext;
let web: string;
const ASSETS = Array.from({ length: 58 }, (_, i) => `/assets/chunk-${i}.js`);
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'rl-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(web, 'sw.js'), '// sw');
  writeFileSync(join(web, 'manifest.webmanifest'), '{}');
  for (const a of ASSETS) writeFileSync(join(web, a), `export const x = ${JSON.stringify(a)};`);
  ctx = await createTestApp({
    authRateLimitPerMinute: PER_ADDRESS_SIGN_IN,
    env: { WEB_DIST: web, RATE_LIMIT_PER_MINUTE: String(PER_ACCOUNT) },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(web, { recursive: true, force: true });
});

/** What a browser asks on a cold load of `/`: the page, its files and the public content (69 requests). */
const COLD_LOAD = [
  '/',
  '/sw.js',
  '/manifest.webmanifest',
  ...ASSETS,
  '/api/settings',
  '/api/countries',
  '/api/faqs',
  '/api/news',
  '/api/marketplaces',
  '/api/prohibited-items',
  '/api/lessons',
  '/uploads/none.png',
];

describe('rate limits that do not punish shared addresses (issue 10, finding 10)', () => {
  it('cold loads of the portal and its public content from one address, ten times over, never get 429', async () => {
    expect(COLD_LOAD).toHaveLength(69);
    const statuses = new Map<number, number>();
    for (let load = 0; load < 10; load++) {
      const answers = await Promise.all(
        COLD_LOAD.map((url) =>
          ctx.app.inject({
            method: 'GET',
            url,
            remoteAddress: SHARED,
            headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' },
          }),
        ),
      );
      for (const a of answers) statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
    }
    // 690 requests (more than the old 600 per address and minute), 23 times the per-account budget.
    expect(statuses.get(429)).toBeUndefined();
    expect(statuses.get(200)).toBeGreaterThan(600);
  });

  it('two accounts behind one address each have their own budget, kept per account', async () => {
    const call = client(ctx.app);
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    const spend = async (token: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await call('GET', '/auth/user', { token, ip: SHARED })).status);
      return out;
    };
    const first = await spend(a.token, PER_ACCOUNT + 1);
    expect(first.slice(0, PER_ACCOUNT).every((s) => s === 200)).toBe(true);
    expect(first[PER_ACCOUNT]).toBe(429);
    // the other customer at the same address is untouched …
    expect(await spend(b.token, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(200));
    // … and the spent account stays limited from any other address too
    expect((await call('GET', '/auth/user', { token: a.token, ip: '203.0.113.9' })).status).toBe(429);
  });

  it('sign-in and code calls are still capped per address, whoever is signed in', async () => {
    const call = client(ctx.app);
    const ip = '100.64.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS_SIGN_IN; i++)
      statuses.push((await call('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'wrong-one' }, ip })).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await call('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'wrong-one' }, ip, lang: 'ru' });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('too_many_requests');
    // a signed-in caller at that address is capped on the same calls (a token buys no extra sign-in budget)
    const { token } = await login(ctx.app, DEMO.warehouse);
    expect((await call('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'x' }, token, ip })).status).toBe(429);
    // code calls have their cap per address as well
    const codes: number[] = [];
    for (let i = 0; i <= PER_ADDRESS_SIGN_IN; i++)
      codes.push((await call('POST', '/auth/send-code/forgot', { body: { phone_number: newPhone() }, ip: '100.64.9.11' })).status);
    expect(codes).toEqual([...Array(PER_ADDRESS_SIGN_IN).fill(200), 429]);
    // another address is not (another number: this one's own sign-in limit, ADR 005, is spent)
    expect(
      (await call('POST', '/auth/login', { body: { phone_number: newPhone(), password: 'wrong-one' }, ip: '100.64.9.10' })).status,
    ).toBe(401);
  });
});
