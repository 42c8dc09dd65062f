import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { PNG_1x1, upload } from './manage-helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let customer: string;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'head-no-store-'));
  const web = join(dataDir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(web, 'sw.js'), 'self.addEventListener("push", () => {});\n');
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: web } });
  const c = await registerCustomer(ctx);
  customer = c.token;
  tokens = await roleTokens(ctx, customer);
});
afterAll(async () => ctx.close());

type Answer = { status: number; headers: Record<string, unknown>; body: string };
const ask = async (method: 'GET' | 'HEAD', url: string, token?: string, accept = 'text/html,application/xhtml+xml'): Promise<Answer> => {
  const res = await ctx.app.inject({ method, url, headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: res.statusCode, headers: res.headers, body: res.body };
};

/** HEAD answers as GET does — status, type, caching, validators — with no body. */
async function expectHeadLikeGet(url: string, token?: string, accept?: string) {
  const get = await ask('GET', url, token, accept);
  const head = await ask('HEAD', url, token, accept);
  expect(head.status, `HEAD ${url}`).toBe(get.status);
  expect(head.body, `HEAD ${url}`).toBe('');
  for (const name of ['content-type', 'cache-control', 'etag'])
    expect(head.headers[name], `HEAD ${url} ${name}`).toEqual(get.headers[name]);
  return get;
}

describe('HEAD like GET (issue 30, finding 4)', () => {
  it("the app's pages, unknown pages, static files and uploads", async () => {
    expect((await expectHeadLikeGet('/')).status).toBe(200);
    expect((await expectHeadLikeGet('/orders')).status).toBe(200);
    expect((await expectHeadLikeGet('/no-such-page')).status).toBe(404);
    expect((await expectHeadLikeGet('/%zz')).status).toBe(404);
    expect((await expectHeadLikeGet('/sw.js', undefined, '*/*')).status).toBe(200);
    expect((await expectHeadLikeGet('/assets/index-abc123.js', undefined, '*/*')).status).toBe(200);
    const logo = await upload(ctx, '/admin/settings/logo', tokens.admin, [
      { field: 'image', name: 'l.png', type: 'image/png', bytes: PNG_1x1 },
    ]);
    expect(logo.status).toBe(201);
    const url = new URL(logo.json.data.url, 'http://x').pathname;
    expect((await expectHeadLikeGet(url, undefined, 'image/*')).status).toBe(200);
  });

  it('every GET of the API without path parameters, as the admin and as a customer', { timeout: 60_000 }, async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const gets = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.get && !path.includes('{') && !path.includes('stream'))
      .map(([path]) => path);
    expect(gets.length).toBeGreaterThan(30);
    for (const path of gets) {
      for (const token of [tokens.admin, customer]) await expectHeadLikeGet(path, token, 'application/json');
    }
  });
});

describe('Cache-Control: no-store on personal answers (issue 30, finding 4)', () => {
  it(
    'auth/user, balance and every other signed-in API answer is no-store; public content keeps its short public cache',
    { timeout: 60_000 },
    async () => {
      const call = client(ctx.app);
      for (const path of ['/auth/user', '/balance', '/orders/statuses', '/orders/waiting', '/notifications/settings']) {
        const res = await call('GET', path, { token: customer });
        expect(res.status, path).toBe(200);
        expect(res.headers['cache-control'], path).toBe('no-store');
      }
      // Writes and errors too: nothing the API answers is kept unless it is declared public content.
      const login = await call('POST', '/auth/login', { body: { phone_number: '+77010000004', password: 'wrong-password-1' } });
      expect(login.headers['cache-control']).toBe('no-store');
      expect((await call('GET', '/auth/user')).headers['cache-control']).toBe('no-store');
      expect((await call('GET', '/no-such-thing')).headers['cache-control']).toBe('no-store');
      // Every GET of the API: no-store, or public (short) for content that is the same for everyone.
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      for (const path of Object.keys(doc.paths).filter((p) => doc.paths[p]!.get && !p.includes('{') && !p.includes('stream'))) {
        const res = await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${tokens.admin}` } });
        const cc = String(res.headers['cache-control'] ?? '');
        expect(/(^|, )no-store$/.test(cc) || /^public, max-age=\d+$/.test(cc), `${path}: ${cc}`).toBe(true);
      }
      const settings = await call('GET', '/settings');
      expect(settings.headers['cache-control']).toMatch(/^public, max-age=60$/);
    },
  );
});
