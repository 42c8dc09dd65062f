import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, login, DEMO, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('smoke', () => {
  it('health, countries, settings, branches, login', async () => {
    const call = client(ctx.app);
    expect((await call('GET', '/health')).json.status).toBe('ok');
    const countries = await call('GET', '/countries', { lang: 'en' });
    expect(countries.json.data.map((c: { code: string }) => c.code)).toEqual(['KZ', 'KG']);
    const settings = await call('GET', '/settings', { lang: 'kk' });
    expect(settings.json.data.site_name).toBe('Orda Cargo');
    const branches = await call('GET', '/country/1/branches');
    expect(branches.json.data.length).toBe(7);
    const { token, user } = await login(ctx.app, DEMO.customer);
    expect(user.client_code).toMatch(/^KZ-\d+$/);
    const me = await call('GET', '/auth/user', { token });
    expect(me.status).toBe(200);
  });
});
