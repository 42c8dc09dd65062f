import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import type { PaymentDriver } from '../src/modules/online-payments/drivers/driver';
import { kaspiDriver } from '../src/modules/online-payments/drivers/kaspi';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, secondInstance, type TestContext } from './helpers';

/** Issue 33 (ADR 077): an admin connects each branch to its own merchant accounts; the secrets never come back or reach a log. */
let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let logText = '';

/** A driver standing in where a provider's own is not built (only its credential fields matter here). */
const stubDriver = (provider: PaymentDriver['provider'], credentialFields: string[]): PaymentDriver => ({
  provider,
  credentialFields,
  create: () => Promise.reject(new Error('not used')),
  status: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('not used')),
});

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logText += chunk.toString()));
  ctx = await createTestApp({
    logStream: stream,
    env: { LOG_LEVEL: 'info', PAYMENTS_SECRET_KEY: randomBytes(32).toString('base64') },
  });
  ctx.app.paymentDrivers.kaspi ??= stubDriver('kaspi', ['device_token', 'organization_bin']);
  ctx.app.paymentDrivers.cloudpayments ??= stubDriver('cloudpayments', ['public_id', 'api_secret']);
  call = client(ctx.app);
  tokens = await roleTokens(ctx, (await registerCustomer(ctx)).token);
});
afterAll(async () => ctx?.close());

const URL = '/admin/branches/1/payment-providers';
const SECRET = 'sk_live_TOPSECRET_4242';

describe('admin: a branch’s online payment providers', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(ctx, tokens, 'GET', URL);
    const res = await expectAdminOnly(ctx, tokens, 'PUT', URL, { provider: 'cloudpayments', enabled: false, credentials: {} });
    expect(res.status, res.body).toBe(200);
  });

  it('lists each provider with a driver, its fields from the driver, set or not, never the values', async () => {
    const res = await call('GET', URL, { token: tokens.admin });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.available).toBe(true);
    const kaspi = res.json.data.providers.find((p: { provider: string }) => p.provider === 'kaspi');
    const fields = kaspi.fields.map((f: { name: string }) => f.name);
    expect(fields).toEqual(expect.arrayContaining([...ctx.app.paymentDrivers.kaspi!.credentialFields]));
    expect(kaspi.fields.every((f: { set: boolean }) => !f.set)).toBe(true);
    expect(kaspi).toMatchObject({ enabled: false, configured: false, updated_at: null });
    expect((await call('GET', '/admin/branches/999999/payment-providers', { token: tokens.admin })).status).toBe(404);
  });

  it('saves one provider sealed; blank keeps the kept value; answers and audit hold no secret; the log line neither', async () => {
    const fields = ctx.app.paymentDrivers.cloudpayments!.credentialFields;
    const typed = Object.fromEntries(fields.map((f) => [f, `${SECRET}-${f}`]));
    const saved = await call('PUT', URL, { token: tokens.admin, body: { provider: 'cloudpayments', enabled: true, credentials: typed } });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    const cp = saved.json.data.providers.find((p: { provider: string }) => p.provider === 'cloudpayments');
    expect(cp).toMatchObject({ enabled: true, configured: true });
    expect(cp.fields.every((f: { set: boolean }) => f.set)).toBe(true);
    expect(await ctx.app.providerSettings.credentials(ctx.app.db, 1, 'cloudpayments')).toEqual(typed);

    // Blank keeps; a typed field replaces only itself.
    const [first, ...rest] = fields;
    const again = await call('PUT', URL, {
      token: tokens.admin,
      body: {
        provider: 'cloudpayments',
        enabled: true,
        credentials: { [first!]: 'new-value', ...Object.fromEntries(rest.map((f) => [f, ''])) },
      },
    });
    expect(again.status, again.body).toBe(200);
    expect(await ctx.app.providerSettings.credentials(ctx.app.db, 1, 'cloudpayments')).toEqual({ ...typed, [first!]: 'new-value' });

    const audit = await call('GET', '/admin/audit?filters[action]=admin.payment_provider_save', { token: tokens.admin });
    expect(audit.status).toBe(200);
    expect(audit.json.data.length).toBeGreaterThanOrEqual(2);
    expect(audit.body).not.toContain(SECRET);
    expect(audit.body).not.toContain('new-value');

    const lines = logText.split('\n').filter((l) => l.includes(saved.headers['x-request-id'] as string));
    expect(lines.length).toBeGreaterThan(0);
    expect(logText).not.toContain(SECRET);
    // Anything logged holding a provider's credentials is redacted.
    ctx.app.log.info({ body: { provider: 'kaspi', credentials: typed }, setting: { kept: { credentials: typed } } }, 'creds');
    expect(logText).toContain('"creds"');
    expect(logText).not.toContain(SECRET);
  });

  it('refuses switching on with a field never set, unknown fields and providers without a driver, in the caller’s language', async () => {
    const off = await call('PUT', URL, { token: tokens.admin, lang: 'ru', body: { provider: 'kaspi', enabled: true, credentials: {} } });
    expect(off.status).toBe(422);
    expect(off.json.code).toBe('validation_failed');
    const field = ctx.app.paymentDrivers.kaspi!.credentialFields[0]!;
    expect(off.json.errors[`credentials.${field}`]).toBeDefined();

    const odd = await call('PUT', URL, {
      token: tokens.admin,
      body: { provider: 'kaspi', enabled: false, credentials: { password: 'x' } },
    });
    expect(odd.status).toBe(422);
    expect(odd.json.errors['credentials.password']).toBeDefined();

    const bad = await call('PUT', URL, { token: tokens.admin, body: { provider: 'paypal', enabled: true } });
    expect(bad.status).toBe(422);

    const saved = ctx.app.paymentDrivers.freedompay;
    delete ctx.app.paymentDrivers.freedompay;
    const none = await call('PUT', URL, { token: tokens.admin, lang: 'en', body: { provider: 'freedompay', enabled: false } });
    if (saved) ctx.app.paymentDrivers.freedompay = saved;
    expect(none.status).toBe(422);
    expect(none.json.code).toBe('payment_provider_unknown');
  });

  it('Kaspi’s remote invoice and payment link are switches: booleans shown with their values, kept for the driver', async () => {
    const url = '/admin/branches/4/payment-providers';
    const flagsOf = (res: Awaited<ReturnType<typeof call>>) =>
      (res.json.data.providers as { provider: string; flags: { name: string; value: boolean }[] }[]).find((p) => p.provider === 'kaspi')!
        .flags;
    // Never saved: the defaults (a payment link, no remote invoice).
    expect(flagsOf(await call('GET', url, { token: tokens.admin }))).toEqual([
      { name: 'remote_invoice', value: false },
      { name: 'payment_link', value: true },
    ]);
    const saved = await call('PUT', url, {
      token: tokens.admin,
      body: { provider: 'kaspi', enabled: false, flags: { remote_invoice: true, payment_link: false } },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(flagsOf(saved)).toEqual([
      { name: 'remote_invoice', value: true },
      { name: 'payment_link', value: false },
    ]);
    // The driver reads them as it always did; a switch left out keeps its value; they are not secret fields.
    expect(await ctx.app.providerSettings.keptCredentials(ctx.database.db, 4, 'kaspi')).toMatchObject({
      remote_invoice: 'true',
      payment_link: 'false',
    });
    const again = await call('PUT', url, {
      token: tokens.admin,
      body: { provider: 'kaspi', enabled: false, flags: { payment_link: true } },
    });
    expect(flagsOf(again)).toEqual([
      { name: 'remote_invoice', value: true },
      { name: 'payment_link', value: true },
    ]);
    const kaspi = (again.json.data.providers as { provider: string; fields: { name: string }[] }[]).find((p) => p.provider === 'kaspi')!;
    expect(kaspi.fields.map((f) => f.name)).not.toContain('remote_invoice');
    // Text is not a switch; a switch the provider does not have is refused by name.
    const text = await call('PUT', url, {
      token: tokens.admin,
      lang: 'ru',
      body: { provider: 'kaspi', enabled: false, flags: { remote_invoice: 'true' } },
    });
    expect(text.status).toBe(422);
    const odd = await call('PUT', url, { token: tokens.admin, body: { provider: 'kaspi', enabled: false, flags: { turbo: true } } });
    expect(odd.status).toBe(422);
    expect(odd.json.errors['flags.turbo']).toBeDefined();
  });

  it('without PAYMENTS_SECRET_KEY: the list says so and a save is refused with a clear message', async () => {
    const other = await secondInstance(ctx);
    try {
      other.paymentDrivers.cloudpayments ??= stubDriver('cloudpayments', ['public_id', 'api_secret']);
      const c = client(other);
      const list = await c('GET', URL, { token: tokens.admin });
      expect(list.status).toBe(200);
      expect(list.json.data.available).toBe(false);
      const res = await c('PUT', URL, {
        token: tokens.admin,
        lang: 'en',
        body: { provider: 'cloudpayments', enabled: false, credentials: {} },
      });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('payments_not_configured');
      expect(res.json.message).toContain('PAYMENTS_SECRET_KEY');
    } finally {
      await other.close();
    }
  });

  it('Kaspi: the BIN and trade point alone register the branch’s device at Kaspi, its token kept sealed; Kaspi away is 502', async () => {
    const fake = new FakeKaspi();
    const kept = ctx.app.paymentDrivers.kaspi;
    ctx.app.paymentDrivers.kaspi = kaspiDriver({ baseUrl: await fake.start(), timeoutMs: 3000 });
    try {
      const url = '/admin/branches/2/payment-providers';
      const body = { provider: 'kaspi', enabled: true, credentials: { organization_bin: '123456789012', trade_point_id: '7' } };
      const res = await call('PUT', url, { token: tokens.admin, body });
      expect(res.status, res.body).toBe(200);
      const kaspi = (res.json.data.providers as { provider: string; fields: { name: string; set: boolean }[] }[]).find(
        (p) => p.provider === 'kaspi',
      )!;
      expect(kaspi.fields.find((f) => f.name === 'device_token')?.set).toBe(true);
      expect([...fake.devices.values()]).toEqual([{ DeviceId: 'portal-branch-2', OrganizationBin: '123456789012', TradePointId: '7' }]);
      const creds = await ctx.app.providerSettings.credentials(ctx.database.db, 2, 'kaspi');
      expect(fake.devices.has(creds!.device_token!)).toBe(true);
      // Saved again: the kept token stands, no second device.
      expect((await call('PUT', url, { token: tokens.admin, body })).status).toBe(200);
      expect(fake.devices.size).toBe(1);
      // Kaspi refusing the registration: 502, nothing saved for the branch.
      const refused = await call('PUT', '/admin/branches/3/payment-providers', {
        token: tokens.admin,
        lang: 'en',
        body: { provider: 'kaspi', enabled: true, credentials: { organization_bin: 'not-a-bin', trade_point_id: '7' } },
      });
      expect(refused.status).toBe(502);
      expect(refused.json.code).toBe('payment_provider_failed');
      expect(await ctx.app.providerSettings.keptCredentials(ctx.database.db, 3, 'kaspi')).toBeNull();
    } finally {
      ctx.app.paymentDrivers.kaspi = kept;
      await fake.stop();
    }
  });
});
