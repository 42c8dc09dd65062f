import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import { auditLog, paymentRequests, payments } from '../src/db/schema';
import { kaspiDriver } from '../src/modules/online-payments/drivers/kaspi';
import type { TestContext } from './helpers';
import { kaspiCertificates } from './kaspi-certs';
import type { Staff } from './manage-helpers';
import { onlineApp, waitingCustomer } from './online-payments-helpers';

/**
 * Kaspi's mutual TLS (ADR 077, addendum): the fake serves HTTPS and takes only callers presenting a client certificate
 * signed by its CA, as Kaspi's QR API does. The admin keeps the branch's certificate (.pfx + password, or PEM) sealed;
 * every call of the Kaspi driver presents it. Without it, or with one Kaspi never issued, the caller gets 502.
 */
const certs = kaspiCertificates();
const kaspi = new FakeKaspi();
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
let device: string;

beforeAll(async () => {
  const url = await kaspi.start(0, { ...certs.server, ca: certs.ca });
  ({ ctx, staff, m } = await onlineApp({ KASPI_API_URL: url }));
  // The fake's server certificate is signed by the test CA (Kaspi's own is publicly trusted).
  ctx.app.paymentDrivers.kaspi = kaspiDriver({ baseUrl: url, ca: certs.ca, timeoutMs: 3000 });
  device = kaspi.addDevice();
});
afterAll(async () => {
  await ctx.close();
  await kaspi.stop();
});

const settingsUrl = (branchId: number) => `/admin/branches/${branchId}/payment-providers`;
const saveKaspi = (credentials: Record<string, string>, lang = 'en', branchId = staff.branchId) =>
  m.call('PUT', settingsUrl(branchId), { token: staff.admin, lang, body: { provider: 'kaspi', enabled: true, credentials } });
const journalOf = (userId: number) => ctx.database.db.select().from(payments).where(eq(payments.userId, userId));
async function payRequest(lang = 'en') {
  const c = await waitingCustomer(ctx, staff, [1]);
  const res = await m.call('POST', '/payments/requests', { token: c.token, lang, body: { branch_id: staff.branchId } });
  return { c, res };
}

describe('Kaspi over mutual TLS', () => {
  it('the admin keeps the branch’s .pfx and its password; every call presents it; the values never come back', async () => {
    const saved = await saveKaspi({
      device_token: device,
      client_certificate: certs.clientPfx,
      client_certificate_password: certs.clientPassword,
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.body).not.toContain(certs.clientPfx.slice(0, 40));
    expect(saved.body).not.toContain(certs.clientPassword);
    type Field = { name: string; set: boolean; kind: string; valid_to?: string | null };
    const fields = (saved.json.data.providers as { provider: string; fields: Field[] }[]).find((p) => p.provider === 'kaspi')!.fields;
    // The kept certificate's end of validity (the test CA issues it for 2 days) is shown, read from the sealed .pfx.
    const certificate = fields.find((f) => f.name === 'client_certificate')!;
    expect(certificate).toEqual({ name: 'client_certificate', set: true, kind: 'certificate', valid_to: expect.any(String) });
    expect(Math.abs(Date.parse(certificate.valid_to!) - Date.now() - 2 * 86_400_000)).toBeLessThan(600_000);
    expect(fields.find((f) => f.name === 'client_certificate_password')).toEqual({
      name: 'client_certificate_password',
      set: true,
      kind: 'secret',
    });
    const audit = JSON.stringify(await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.payment_provider_save')));
    expect(audit).not.toContain(certs.clientPassword);
    expect(audit).not.toContain(certs.clientPfx.slice(0, 40));

    const before = kaspi.calls.length;
    const { res } = await payRequest();
    expect(res.status, res.body).toBe(201);
    expect(kaspi.calls.slice(before).map((c) => [c.path, c.client])).toEqual([['/qr/create-link', 'merchant-branch']]);
    // The status the page asks goes the same way.
    const id = res.json.data.provider_ref as string;
    const state = await ctx.app.paymentDrivers.kaspi!.status(
      { requestId: res.json.data.id, providerRef: id },
      (await ctx.app.providerSettings.credentials(ctx.database.db, staff.branchId, 'kaspi'))!,
    );
    expect(state).toEqual({ state: 'pending' });
    expect(kaspi.calls.at(-1)).toMatchObject({ path: `/payment/status/${id}`, client: 'merchant-branch' });
  });

  it('the same certificate as PEM text works too', async () => {
    expect((await saveKaspi({ client_certificate: certs.clientPem, client_certificate_password: '' })).status).toBe(200);
    const { res } = await payRequest();
    expect(res.status, res.body).toBe(201);
    expect(kaspi.calls.at(-1)).toMatchObject({ client: 'merchant-branch' });
  });

  it('a certificate Kaspi never issued, or none: the customer gets 502 payment_provider_failed and no money is written', async () => {
    const stranger = await saveKaspi({ client_certificate: certs.strangerPfx, client_certificate_password: certs.strangerPassword });
    expect(stranger.status, stranger.body).toBe(200);
    const before = kaspi.calls.length;
    const { c, res } = await payRequest('ru');
    expect([res.status, res.json.code]).toEqual([502, 'payment_provider_failed']);
    expect(res.json.message).toMatch(/[а-яё]/i);
    // The handshake failed: Kaspi never saw the call.
    expect(kaspi.calls.length).toBe(before);
    expect(await journalOf(c.user.id)).toEqual([]);
    const [row] = await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, c.user.id));
    expect(row?.status).toBe('failed');

    // No certificate at all (a branch that never kept one): the same.
    const driver = ctx.app.paymentDrivers.kaspi!;
    await expect(driver.status({ requestId: row!.id, providerRef: '1' }, { device_token: device })).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'tls_refused',
    });

    // The admin registering a device with that certificate: 502 too, nothing saved for the branch.
    const other = await m.call('PUT', settingsUrl(staff.otherBranchId), {
      token: staff.admin,
      lang: 'kk',
      body: {
        provider: 'kaspi',
        enabled: true,
        credentials: {
          organization_bin: '123456789012',
          trade_point_id: '7',
          client_certificate: certs.strangerPfx,
          client_certificate_password: certs.strangerPassword,
        },
      },
    });
    expect([other.status, other.json.code]).toEqual([502, 'payment_provider_failed']);
    expect(await ctx.app.providerSettings.keptCredentials(ctx.database.db, staff.otherBranchId, 'kaspi')).toBeNull();
    expect(kaspi.devices.size).toBe(1);
  });

  it('a certificate that does not open is refused with 422 in the caller’s language, the kept one stands', async () => {
    expect((await saveKaspi({ client_certificate: certs.clientPfx, client_certificate_password: certs.clientPassword })).status).toBe(200);
    const cases: [Record<string, string>, string][] = [
      [{ client_certificate: 'this is not a certificate' }, 'ru'],
      [{ client_certificate: certs.clientPfx, client_certificate_password: 'wrong-password' }, 'kk'],
      [{ client_certificate: certs.clientPem.slice(0, certs.clientPem.indexOf('-----BEGIN PRIVATE KEY')) }, 'en'],
      [{ client_certificate: `${certs.clientPfx.slice(0, 200)}AAAA` }, 'en'],
    ];
    for (const [credentials, lang] of cases) {
      const res = await saveKaspi(credentials, lang);
      expect([res.status, res.json.code], JSON.stringify(credentials).slice(0, 60)).toEqual([422, 'validation_failed']);
      const message = res.json.errors['credentials.client_certificate'][0] as string;
      expect(message).toMatch(lang === 'en' ? /certificate cannot be used/ : lang === 'ru' ? /сертификат нельзя/ : /сертификатты/);
    }
    // One Kaspi issued but expired: refused with its own words, before Kaspi refuses every call.
    const old = await saveKaspi({ client_certificate: certs.expiredPfx, client_certificate_password: certs.expiredPassword }, 'ru');
    expect([old.status, old.json.code]).toEqual([422, 'validation_failed']);
    expect(old.json.errors['credentials.client_certificate']).toEqual([expect.stringMatching(/Срок действия этого сертификата истёк/)]);
    // Nothing of those was kept: the branch still pays over its own certificate.
    const { res } = await payRequest();
    expect(res.status, res.body).toBe(201);
    expect(kaspi.calls.at(-1)).toMatchObject({ client: 'merchant-branch' });
  });
});
