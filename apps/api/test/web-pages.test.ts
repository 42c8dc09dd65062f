import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'web-pages-'));
  const web = join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: web } });
});
afterAll(async () => ctx.close());

const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('web pages', () => {
  it('answers the app’s pages (the shared route manifest) with 200', async () => {
    for (const url of [
      '/',
      '/auth',
      '/orders/order?id=17',
      '/branches/3',
      '/profile/account/update-phone',
      '/manage/receive',
      '/admin/users',
      '/notification/orders',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('answers unknown pages 404, still with the app (its not-found page)', async () => {
    for (const url of ['/no-such-page', '/orders/nope', '/branches/3/extra', '/qr/x']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>Orda Cargo</title>');
    }
  });

  it('a malformed address (/%) is the not-found page with 404, never raw JSON', async () => {
    for (const url of ['/%', '/orders/%E0%A4%A', '/%zz']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Orda Cargo</title>');
    }
    const api = await ctx.app.inject({ method: 'GET', url: '/api/%', headers: { 'accept-language': 'en', accept: 'application/json' } });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'bad_request', message: 'The request is not valid' });
  });

  it('/robots.txt is a real text file, not the app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent');
  });
});
