import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_ADDRESS_LINES } from '@portal/contract';
import { countries, users, warehouses } from '../src/db/schema';
import { client, createTestApp, login, DEMO, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('GET china-address', () => {
  it('needs sign-in', async () => {
    const res = await call('GET', '/china-address', { lang: 'en' });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'unauthenticated', message: 'Please sign in' });
    expect((await call('GET', '/china-address', { token: 'garbage' })).status).toBe(401);
  });

  it("fills the caller's client code and phone into the warehouse lines, with a labelled copy-all text", async () => {
    const { token, user } = await login(ctx.app, DEMO.customer);
    const res = await call('GET', '/china-address', { token, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    const a = res.json.data;
    expect(a.client_code).toBe(user.client_code);
    expect(a.country_code).toBe('KZ');
    expect(a.recipient).toBe(`Orda ${user.client_code}`);
    expect(a.street).toContain(user.client_code);
    expect(a.street).toContain(DEMO.customer);
    expect(a.postcode).toBe('510430');
    for (const line of CHINA_ADDRESS_LINES) {
      expect(a[line]).not.toMatch(/\{client_code\}|\{phone\}/);
      expect(a.full_text).toContain(a[line]);
    }
    expect(a.full_text.split('\n')).toHaveLength(7);
    expect(a.full_text.split('\n')[0]).toBe(`Recipient: Orda ${user.client_code}`);

    const ru = await call('GET', '/china-address', { token, lang: 'ru' });
    expect(ru.json.data.full_text.split('\n')[0]).toBe(`Получатель: Orda ${user.client_code}`);
    const kk = await call('GET', '/china-address', { token, lang: 'kk' });
    expect(kk.json.data.full_text.split('\n')[6]).toBe('Пошта индексі: 510430');
  });

  it("gives each customer their own code, and the warehouse of their branch's country", async () => {
    const kgCountry = (await ctx.database.db.select().from(countries).where(eq(countries.code, 'KG')))[0]!;
    await ctx.database.db
      .update(warehouses)
      .set({ recipient: 'Orda KG {client_code}', phone: '{phone}' })
      .where(eq(warehouses.countryId, kgCountry.id));
    const kgBranches = await call('GET', `/country/${kgCountry.id}/branches`);
    const kg = await registerCustomer(ctx, { branch_id: kgBranches.json.data[0].id });
    const kz = await registerCustomer(ctx);

    const kgAddress = (await call('GET', '/china-address', { token: kg.token })).json.data;
    expect(kgAddress.country_code).toBe('KG');
    expect(kgAddress.recipient).toBe(`Orda KG ${kg.user.client_code}`);
    expect(kgAddress.phone).toBe(kg.phone);

    const kzAddress = (await call('GET', '/china-address', { token: kz.token })).json.data;
    expect(kzAddress.country_code).toBe('KZ');
    expect(kzAddress.client_code).toBe(kz.user.client_code);
    expect(kzAddress.recipient).not.toContain(kg.user.client_code);
  });

  it('falls back to the country of the client code when the customer has no branch', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.database.db.update(users).set({ branchId: null }).where(eq(users.id, customer.user.id));
    const res = await call('GET', '/china-address', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.country_code).toBe(customer.user.client_code.split('-')[0]);
    expect(res.json.data.recipient).toContain(customer.user.client_code);
  });
});
