import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let admin: string;
let customer: Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
  admin = tokens.admin;
});
afterAll(async () => {
  await ctx?.close();
});

const LINES = {
  recipient: 'Steppe {client_code}',
  phone: '13800138000',
  province: '浙江省 (Zhejiang)',
  city: '义乌市 (Yiwu)',
  district: '北苑街道',
  street: '春晗路 88号 {client_code} ({phone})',
  postcode: '322000',
};

async function kz() {
  const res = await call('GET', '/admin/countries', { token: admin });
  expect(res.status, res.body).toBe(200);
  return res.json.data.find((c: any) => c.code === 'KZ');
}

describe('admin countries and the China address', () => {
  it('role matrix', async () => {
    const country = await kz();
    const list = await expectAdminOnly(ctx, tokens, 'GET', '/admin/countries');
    expect(list.status).toBe(200);
    const save = await expectAdminOnly(ctx, tokens, 'PUT', `/admin/countries/${country.id}/address`, {
      ...LINES,
      updated_at: country.address.updated_at,
    });
    expect(save.status, save.body).toBe(200);
  });

  it('the customer gets the new lines with their code and phone filled in; audited with before and after', async () => {
    const country = await kz();
    const saved = await call('PUT', `/admin/countries/${country.id}/address`, {
      token: admin,
      body: { ...LINES, city: '广州市 (Guangzhou)', updated_at: country.address.updated_at },
    });
    expect(saved.status, saved.body).toBe(200);
    const address = await call('GET', '/china-address', { token: customer.token, lang: 'en' });
    expect(address.json.data).toMatchObject({
      recipient: `Steppe ${customer.user.client_code}`,
      city: '广州市 (Guangzhou)',
      street: `春晗路 88号 ${customer.user.client_code} (${customer.phone})`,
    });
    const audit = await call('GET', `/admin/audit?filters[target_type]=country&filters[target_id]=${country.id}`, { token: admin });
    expect(audit.json.data[0]).toMatchObject({ action: 'china_address.update', after: { city: '广州市 (Guangzhou)' } });
    expect(audit.json.data[0].before).toHaveProperty('city');
  });

  it('a stale save is 409 and changes nothing', async () => {
    const country = await kz();
    const first = await call('PUT', `/admin/countries/${country.id}/address`, {
      token: admin,
      body: { ...LINES, postcode: '111111', updated_at: country.address.updated_at },
    });
    expect(first.status).toBe(200);
    const second = await call('PUT', `/admin/countries/${country.id}/address`, {
      token: admin,
      lang: 'kk',
      body: { ...LINES, postcode: '222222', updated_at: country.address.updated_at },
    });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('stale_write');
    expect((await kz()).address.postcode).toBe('111111');
  });

  it('bad input: unknown country, no client code, unknown placeholder, empty or 1 MB lines', async () => {
    const country = await kz();
    const at = country.address.updated_at;
    expect((await call('PUT', '/admin/countries/4242/address', { token: admin, body: { ...LINES, updated_at: null } })).status).toBe(404);
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ recipient: 'Steppe', street: 'No code' }, 'recipient'],
      [{ street: 'Street {name}' }, 'street'],
      [{ city: '' }, 'city'],
      [{ province: 'x'.repeat(1_000_000) }, 'province', 413],
      [{ extra: 'x' }, ''],
    ];
    for (const [over, field, alt] of cases) {
      const res = await call('PUT', `/admin/countries/${country.id}/address`, {
        token: admin,
        body: { ...LINES, updated_at: at, ...over },
      });
      expect([422, alt ?? 422], res.body.slice(0, 200)).toContain(res.status);
      if (res.status === 422 && field) expect(Object.keys(res.json.errors ?? {})).toContain(field);
    }
    expect((await kz()).address).toEqual(country.address);
  });
});
