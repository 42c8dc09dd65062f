import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, login, DEMO, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('error model', () => {
  it('answers malformed JSON with 400 invalid_json in the request language', async () => {
    const res = await call('POST', '/auth/login', {
      rawBody: '{"phone_number": ',
      headers: { 'content-type': 'application/json' },
      lang: 'en',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_json', message: 'The request body is not valid JSON' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await call('POST', '/auth/login', {
      rawBody: 'phone_number=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('unsupported_media_type');
  });

  it('answers an oversized body with 413', async () => {
    const res = await call('POST', '/auth/login', {
      rawBody: JSON.stringify({ phone_number: '1', password: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
  });

  it('answers wrong types with 422 per field, never 500', async () => {
    const res = await call('POST', '/auth/login', { body: { phone_number: 77010000001, password: ['a'] }, lang: 'en' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['password', 'phone_number']);
    const arr = await call('POST', '/auth/login', { body: [1, 2, 3] });
    expect(arr.status).toBe(422);
    const nul = await call('POST', '/auth/login', { rawBody: 'null', headers: { 'content-type': 'application/json' } });
    expect(nul.status).toBe(422);
  });

  it('refuses prototype pollution attempts', async () => {
    const res = await call('POST', '/auth/login', {
      rawBody: '{"__proto__": {"admin": true}, "phone_number": "+77010000001", "password": "x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await call('GET', '/nope', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'route_not_found', message: 'There is no such API call' });
  });

  it('localises by Accept-Language: kk, ru, en; ru for unknown or missing', async () => {
    const bodies = await Promise.all(['kk', 'ru', 'en', 'fr', ''].map((lang) => call('GET', '/nope', lang ? { lang } : {})));
    expect(bodies.map((b) => b.json.message)).toEqual([
      'Мұндай API әдісі жоқ',
      'Такого метода API нет',
      'There is no such API call',
      'Такого метода API нет',
      'Такого метода API нет',
    ]);
    const en = await call('GET', '/countries', { lang: 'en-GB,en;q=0.8' });
    expect(en.json.data[0].name).toBe('Kazakhstan');
    const kk = await call('GET', '/countries', { lang: 'kk-KZ' });
    expect(kk.json.data[0].name).toBe('Қазақстан');
  });
});

describe('platform', () => {
  it('reports health with the database kind', async () => {
    const res = await call('GET', '/health');
    expect(res.json).toMatchObject({ status: 'ok' });
    expect(['pglite', 'postgres']).toContain(res.json.database);
  });

  it('sends security headers and a request id', async () => {
    const res = await call('GET', '/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows configured CORS origins only', async () => {
    const ok = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/countries',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const no = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/countries',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes OpenAPI with every route and its schemas, and the docs page', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(spec.paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/refresh',
      '/api/auth/user',
      '/api/auth/send-code',
      '/api/auth/send-code/forgot',
      '/api/auth/send-code/update-phone',
      '/api/auth/send-code/new-phone',
      '/api/auth/verify-code',
      '/api/auth/user/update',
      '/api/auth/user/update-phone',
      '/api/auth/update-password',
      '/api/auth/logout',
      '/api/users/{id}',
      '/api/notifications/read',
      '/api/countries',
      '/api/settings',
      '/api/country/{country_id}/branches',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(spec.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'verification_token',
    );
    expect(spec.paths['/api/auth/login'].post.responses['200']).toBeDefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('names every operation once and shares the contract’s schemas as components, so a generated client is usable', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ids: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths))
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        ids.push(op.operationId!);
      }
    expect(ids.length).toBeGreaterThan(100);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'operationIds used twice',
    ).toEqual([]);
    expect(spec.paths['/api/orders/{id}'].get.operationId).toBe('getOrdersById');
    // shared components, referenced where the routes answer them, and every reference resolves
    const components = spec.components.schemas as Record<string, unknown>;
    for (const name of ['Order', 'Branch', 'User', 'ErrorBody', 'PageMeta', 'ManageParcel', 'Receipt'])
      expect(components).toHaveProperty(name);
    const text = JSON.stringify(spec);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs).toContain('Order');
    expect(
      refs.filter((ref) => !(ref in components)),
      'references to no component',
    ).toEqual([]);
    expect(
      Object.keys(components).filter((name) => !refs.includes(name)),
      'components nothing references',
    ).toEqual([]);
  });

  it('serves the settings fields of spec section 3', async () => {
    const res = await call('GET', '/settings', { lang: 'en' });
    for (const key of [
      'logo',
      'footer_logo',
      'site_name',
      'footer_text',
      'terms_of_use',
      'privacy_policy',
      'phone',
      'email',
      'instagram_link',
      'telegram_link',
    ]) {
      expect(res.json.data[key], key).toEqual(expect.any(String));
    }
    expect(res.json.data.footer_text).toContain('\n');
  });

  it('serves branches with their full card', async () => {
    const res = await call('GET', '/country/1/branches', { lang: 'en' });
    const b = res.json.data[0];
    expect(b).toMatchObject({ currency: 'KZT', storage_days: expect.any(Number), map_link: expect.stringContaining('2gis') });
    expect(b.working_hours).toHaveLength(7);
    expect((await call('GET', '/country/abc/branches')).status).toBe(422);
    expect((await call('GET', '/country/999/branches')).json.data).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limits credential calls per client address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const c = client(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await c('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'wrong-one' }, ip: '10.1.1.1' })).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await c('POST', '/auth/login', {
        body: { phone_number: DEMO.customer, password: 'wrong-one' },
        ip: '10.1.1.1',
        lang: 'en',
      });
      expect(res.json.code).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // another address is not affected
      expect(
        (await c('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: DEMO.password }, ip: '10.1.1.2' })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('shares the limit through Redis when REDIS_URL is set (two app instances act as one)', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const a = await createTestApp({ authRateLimitPerMinute: 4, env });
    const b = await createTestApp({ authRateLimitPerMinute: 4, env });
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await client(a.app)('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'wrong-one' }, ip })).status,
        );
        statuses.push(
          (await client(b.app)('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'wrong-one' }, ip })).status,
        );
      }
      expect(statuses.filter((s) => s === 429).length).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('sign-in smoke', () => {
  it('demo accounts sign in', async () => {
    for (const phone of [DEMO.customer, DEMO.warehouse, DEMO.branchStaff, DEMO.admin]) {
      expect((await login(ctx.app, phone)).token).toBeTruthy();
    }
  });
});
