import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import { paymentDifferences, paymentRequests, payments } from '../src/db/schema';
import { ProviderError } from '../src/modules/online-payments/drivers/driver';
import { kaspiDriver } from '../src/modules/online-payments/drivers/kaspi';
import { pollOnce } from '../src/modules/online-payments/poller';
import { secondInstance, type TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, waitingCustomer } from './online-payments-helpers';

/**
 * Kaspi QR against its fake (tools/fakes/kaspi-qr.mjs): Kaspi sends no callbacks, so the customer's page and the
 * poller ask; the emulator routes play the customer's side. Late money is returned through /payment/return.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const kaspi = new FakeKaspi();
beforeAll(async () => {
  await kaspi.start();
  ({ ctx, staff, m } = await onlineApp({ KASPI_API_URL: kaspi.url }));
  await enableProvider(ctx, staff.branchId, 'kaspi', { device_token: kaspi.addDevice(), organization_bin: '123456789012' });
});
afterAll(async () => {
  await ctx.close();
  await kaspi.stop();
});

/** A customer with a parcel waiting and an open Kaspi request for it. */
async function requested() {
  const c = await waitingCustomer(ctx, staff, [1]);
  const res = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
  expect(res.status, res.body).toBe(201);
  return { c, req: res.json.data as { id: string; amount: number; provider_ref: string; currency: string } };
}
/** As if the last check was long ago (the page and the poller ask again only after a few seconds). */
const checkedLongAgo = (id: string) =>
  ctx.database.db
    .update(paymentRequests)
    .set({ checkedAt: sql`now() - interval '1 minute'` })
    .where(eq(paymentRequests.id, id));
const status = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
const emulate = async (action: string, id: string) => expect((await fetch(`${kaspi.url}/test/payment/${action}/${id}`)).ok).toBe(true);

describe('the customer pays with Kaspi', () => {
  it('scans, confirms; their open page sees paid (asking Kaspi at most every 2 s); the journal has it once', async () => {
    const { c, req } = await requested();
    const page = () => m.call('GET', `/payments/requests/${req.id}`, { token: c.token });
    await emulate('scan', req.provider_ref);
    await emulate('confirm', req.provider_ref);
    // Asked a moment ago (at creation): the page does not ask Kaspi again yet.
    expect((await page()).json.data.status).toBe('open');
    await new Promise((r) => setTimeout(r, 2100));
    const asked = kaspi.calls.filter((x) => x.path === `/payment/status/${req.provider_ref}`).length;
    const paid = (await page()).json.data;
    expect(paid).toMatchObject({ status: 'paid', provider_ref: req.provider_ref });
    expect(kaspi.calls.filter((x) => x.path === `/payment/status/${req.provider_ref}`)).toHaveLength(asked + 1);
    await Promise.all([page(), page(), pollOnce(ctx.app)]);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.requestId, req.id));
    expect(rows.map((r) => [r.method, r.amount, r.provider, r.providerRef])).toEqual([['online', req.amount, 'kaspi', req.provider_ref]]);
    await expectKeptEqualsJournal(ctx);
  });

  it('the poller settles paid requests and fails those Kaspi reports an error for', async () => {
    const a = await requested();
    const b = await requested();
    await emulate('confirm', a.req.provider_ref);
    await emulate('scanerror', b.req.provider_ref);
    await checkedLongAgo(a.req.id);
    await checkedLongAgo(b.req.id);
    expect(await pollOnce(ctx.app)).toBeGreaterThanOrEqual(2);
    expect((await status(a.req.id)).status).toBe('paid');
    expect([(await status(b.req.id)).status, (await status(b.req.id)).reason]).toEqual(['failed', 'kaspi_error']);
  });

  it('paid after the counter took the money: booked, returned through Kaspi, the customer owes nothing and is owed nothing', async () => {
    const { c, req } = await requested();
    expect((await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: req.amount }] })).status).toBe(
      200,
    );
    await emulate('confirm', req.provider_ref);
    await checkedLongAgo(req.id);
    await pollOnce(ctx.app);
    expect((await status(req.id)).status).toBe('refunded');
    expect(kaspi.returns).toContainEqual({
      QrPaymentId: req.provider_ref,
      Amount: req.amount / 100,
      ReturnOperationId: expect.any(Number),
    });
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.requestId, req.id));
    expect(rows.map((r) => r.amount)).toEqual([req.amount, -req.amount]);
    expect((await m.call('GET', '/balance', { token: c.token })).json.data.balances).toEqual([{ currency: req.currency, balance: 0 }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('an old QR paid after a new request replaced it is returned; a return Kaspi refuses is listed for staff', async () => {
    const { c, req } = await requested();
    const again = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
    expect((await status(req.id)).status).toBe('cancelled');
    await emulate('confirm', req.provider_ref);
    kaspi.failNext('/payment/return', { StatusCode: -1603, Message: 'Возврат невозможен' });
    await checkedLongAgo(req.id);
    await pollOnce(ctx.app);
    expect((await status(req.id)).status).toBe('refunded');
    const diffs = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, req.id));
    expect(diffs.map((d) => d.kind)).toEqual(['refund_failed']);
    // The new request is untouched and still payable.
    expect((await status(again.json.data.id)).status).toBe('open');
    await expectKeptEqualsJournal(ctx);
  });

  it('an open request past its time that Kaspi holds unpaid expires when asked', async () => {
    const { req } = await requested();
    await ctx.database.db
      .update(paymentRequests)
      .set({ expiresAt: sql`now() - interval '1 second'`, checkedAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentRequests.id, req.id));
    await pollOnce(ctx.app);
    expect((await status(req.id)).status).toBe('expired');
  });
});

describe('Kaspi away or slow', () => {
  it('a create that times out or fails answers 502 and leaves the request failed; a slow status changes nothing', async () => {
    const driver = ctx.app.paymentDrivers.kaspi;
    ctx.app.paymentDrivers.kaspi = kaspiDriver({ baseUrl: kaspi.url, timeoutMs: 300 });
    try {
      const c = await waitingCustomer(ctx, staff, [1]);
      kaspi.delay('/qr/create-link', 1000);
      const slow = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
      kaspi.delay('/qr/create-link', 0);
      expect([slow.status, slow.json.code]).toEqual([502, 'payment_provider_failed']);
      expect(slow.json.request_id).toEqual(expect.any(String));

      const { req } = await requested();
      await emulate('confirm', req.provider_ref);
      kaspi.delay('/payment/status', 1000);
      await checkedLongAgo(req.id);
      await pollOnce(ctx.app);
      kaspi.delay('/payment/status', 0);
      expect((await status(req.id)).status).toBe('open');
      kaspi.failNext('/payment/status', 'http500');
      await checkedLongAgo(req.id);
      await pollOnce(ctx.app);
      expect((await status(req.id)).status).toBe('open');
      await checkedLongAgo(req.id);
      await pollOnce(ctx.app);
      expect((await status(req.id)).status).toBe('paid');
    } finally {
      ctx.app.paymentDrivers.kaspi = driver;
    }
  });
});

describe('the driver', () => {
  const driver = kaspiDriver({ baseUrl: '' });
  it('registers a device, pushes a remote invoice or makes a bare QR token as the credentials say; errors are ProviderErrors', async () => {
    const d = kaspiDriver({ baseUrl: kaspi.url });
    const token = await d.registerDevice({ deviceId: 'portal-1', organizationBin: '123456789012', tradePointId: '7' });
    expect(kaspi.devices.get(token)).toMatchObject({ OrganizationBin: '123456789012', TradePointId: '7' });
    const input = {
      requestId: crypto.randomUUID(),
      amount: 160_700,
      currency: 'KZT',
      description: 'Cargo: 1 parcel',
      lang: 'ru' as const,
      phone: '+77051234567',
      returnUrl: 'http://x/pay',
      callbackUrl: 'http://x/cb',
      expiresAt: new Date(),
    };
    const remote = await d.create(input, { device_token: token, organization_bin: '123456789012', remote_invoice: 'true' });
    expect(kaspi.payments.get(remote.providerRef!)).toMatchObject({
      kind: 'remote',
      phone: '7051234567',
      amount: 1607,
      comment: 'Cargo: 1 parcel',
    });
    const qr = await d.create({ ...input, requestId: crypto.randomUUID() }, { device_token: token, payment_link: 'false' });
    expect(qr.qrPayload).toBe(`https://qr.kaspi.kz/${qr.providerRef}`);
    await expect(d.create(input, { device_token: 'unknown' })).rejects.toMatchObject({ name: 'ProviderError', code: 'status_-1503' });
    await expect(d.status({ requestId: 'x', providerRef: '1' }, { device_token: token })).rejects.toBeInstanceOf(ProviderError);
    await expect(driver.refund({ requestId: 'x', providerRef: '1' }, 100, {})).rejects.toMatchObject({ code: 'no_device_token' });
  });
});

describe('the poller', () => {
  it('in a process that works jobs, runs every few seconds on its own and settles a paid request', async () => {
    const worker = await secondInstance(ctx, {
      NOTIFY_WORKER: 'true',
      PAYMENTS_SECRET_KEY: ctx.config.payments.secretKey!,
      KASPI_API_URL: kaspi.url,
    });
    try {
      const { req } = await requested();
      await emulate('confirm', req.provider_ref);
      const until = Date.now() + 20_000;
      while ((await status(req.id)).status === 'open' && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
      expect((await status(req.id)).status).toBe('paid');
    } finally {
      await worker.close();
    }
  }, 30_000);
});
