import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TLiveEvent } from '@portal/contract';
import { FakeCloudPayments } from '../../../tools/fakes/cloudpayments.mjs';
import { paymentDifferences, paymentProviderSettings, paymentRequests, payments } from '../src/db/schema';
import { SecretBox } from '../src/lib/secret-box';
import { providerSettings } from '../src/modules/online-payments/provider-settings';
import { cloudPaymentsDriver } from '../src/modules/online-payments/drivers/cloudpayments';
import { ProviderError } from '../src/modules/online-payments/drivers/driver';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, waitingCustomer } from './online-payments-helpers';

/**
 * Cards in Kazakhstan through CloudPayments (ADR 077), against the local fake: the order opened at CloudPayments,
 * its signed Check/Pay/Fail/Refund notifications, settled exactly once after a status query, whatever repeats,
 * comes in another order, comes late, or is forged.
 */
const creds = { public_id: 'pk_test_portal', api_secret: 'cp-api-secret-7f3a' };
const fake = new FakeCloudPayments({ publicId: creds.public_id, apiSecret: creds.api_secret });
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
let driver: ReturnType<typeof cloudPaymentsDriver>;

beforeAll(async () => {
  const url = await fake.start();
  ({ ctx, staff, m } = await onlineApp({ CLOUDPAYMENTS_API_URL: url }));
  // The configured driver, with a timeout a test can wait for.
  driver = cloudPaymentsDriver({ baseUrl: url, timeoutMs: 3000 });
  ctx.app.paymentDrivers.cloudpayments = driver;
  await enableProvider(ctx, staff.branchId, 'cloudpayments', creds);
  // CloudPayments reaches the callbacks at the public address; here it is this local listener.
  const local = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fake.notifyUrl = `${local}/api/payments/callbacks/cloudpayments`;
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const journalOf = (requestId: string) => ctx.database.db.select().from(payments).where(eq(payments.requestId, requestId));
const requestRow = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
const differencesOf = (id: string) => ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, id));

/** A customer with waiting parcels asks to pay them by card (as the pay page does). */
async function cardRequest(weights: number[] = [1]) {
  const c = await waitingCustomer(ctx, staff, weights);
  const res = await m.call('POST', '/payments/requests', {
    token: c.token,
    body: { branch_id: staff.branchId, provider: 'cloudpayments' },
  });
  expect(res.status, res.body).toBe(201);
  const request = res.json.data as { id: string; amount: number; pay_url: string; currency: string };
  return { c, request, id: request.id, amount: request.amount };
}

describe('the driver against the fake', () => {
  const input = (requestId: string) => ({
    requestId,
    amount: 1_234_550,
    currency: 'KZT',
    description: 'Cargo: 2 parcels',
    lang: 'kk' as const,
    phone: '+77011234567',
    returnUrl: 'https://portal.example/pay/x',
    callbackUrl: 'https://portal.example/api/payments/callbacks/cloudpayments',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });

  it('opens an order in tenge with our id as InvoiceId, asks its state, refunds', async () => {
    const id = crypto.randomUUID();
    const created = await driver.create(input(id), creds);
    const order = fake.order(id)!;
    expect(created).toEqual({ providerRef: null, payUrl: order.Url, qrPayload: null });
    expect([order.Amount, order.Currency, order.AccountId, order.CultureName]).toEqual([12345.5, 'KZT', '+77011234567', 'kk-KZ']);
    expect(await driver.status({ requestId: id, providerRef: null }, creds)).toEqual({ state: 'unknown' });

    const tx = fake.newTransaction(order, 12345.5);
    tx.Status = 'Completed';
    tx.ConfirmDateIso = new Date().toISOString();
    const paid = await driver.status({ requestId: id, providerRef: null }, creds);
    expect(paid).toMatchObject({ state: 'paid', providerRef: String(tx.TransactionId), amount: 1_234_550 });
    // By another request's id the same transaction is not ours.
    expect(await driver.status({ requestId: crypto.randomUUID(), providerRef: String(tx.TransactionId) }, creds)).toEqual({
      state: 'unknown',
    });
    fake.notifyRefunds = false;
    const refund = await driver.refund({ requestId: id, providerRef: String(tx.TransactionId) }, 1_234_550, creds);
    expect(fake.refunds.at(-1)).toMatchObject({ transactionId: Number(refund.refundRef), amount: 12345.5 });
    expect(await driver.status({ requestId: id, providerRef: String(tx.TransactionId) }, creds)).toMatchObject({ state: 'refunded' });
    fake.notifyRefunds = true;
  });

  it('wrong keys, refusals, failures and silence are ProviderErrors', async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'no error',
        (err: unknown) => (err instanceof ProviderError ? err.code : String(err)),
      );
    expect(await code(driver.create(input(crypto.randomUUID()), { ...creds, api_secret: 'wrong' }))).toBe('unauthorized');
    expect(await code(driver.create(input(crypto.randomUUID()), { public_id: creds.public_id }))).toBe('not_configured');
    for (const [mode, expected] of [
      ['refuse', 'refused'],
      ['error', 'http_500'],
      ['hang', 'timeout'],
    ] as const) {
      fake.mode = mode;
      expect(await code(driver.create(input(crypto.randomUUID()), creds))).toBe(expected);
    }
    fake.mode = 'ok';
  });
});

describe('paying by card', () => {
  it('request → the customer pays → Check and Pay → settled once; the counter hands over taking 0', async () => {
    const { c, id, amount, request } = await cardRequest([1, 2]);
    expect(request.pay_url).toBe(fake.order(id)!.Url);
    expect(fake.order(id)!.Amount * 100).toBe(amount);

    const paid = await fake.pay(id);
    expect(paid.check).toEqual({ status: 200, answer: { code: 0 } });
    expect(paid.pay).toEqual([{ status: 200, answer: { code: 0 } }]);
    const row = await requestRow(id);
    expect([row.status, row.providerRef]).toEqual(['paid', String(paid.transaction.TransactionId)]);
    const journal = await journalOf(id);
    expect(journal.map((j) => [j.method, j.amount, j.provider, j.providerRef])).toEqual([
      ['online', amount, 'cloudpayments', String(paid.transaction.TransactionId)],
    ]);
    // Settled only after CloudPayments' own API said so.
    expect(fake.calls.filter((call) => call.path === '/payments/get').at(-1)?.body).toEqual({
      TransactionId: paid.transaction.TransactionId,
    });

    const lookup = await m.lookup(staff.branch, { customer: c.user.client_code });
    expect(lookup.json.data.debt + lookup.json.data.total_minor + lookup.json.data.storage_fee).toBeGreaterThan(0);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status, done.body).toBe(200);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: request.currency, balance: 0 }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('money taken after the branch switched the provider off is still verified with its kept keys and settles', async () => {
    const { id, amount } = await cardRequest();
    await ctx.app.providerSettings.save(ctx.database.db, {
      branchId: staff.branchId,
      provider: 'cloudpayments',
      enabled: false,
      credentials: {},
      updatedBy: 1,
    });
    try {
      const paid = await fake.pay(id);
      expect(paid.pay).toEqual([{ status: 200, answer: { code: 0 } }]);
      expect((await journalOf(id)).map((j) => j.amount)).toEqual([amount]);
    } finally {
      await enableProvider(ctx, staff.branchId, 'cloudpayments', creds);
    }
  });

  it('JSON notifications are verified and settle too', async () => {
    const { id, amount } = await cardRequest();
    const paid = await fake.pay(id, { json: true });
    expect(paid.pay[0]).toEqual({ status: 200, answer: { code: 0 } });
    expect((await journalOf(id)).map((j) => j.amount)).toEqual([amount]);
  });

  it('a forged or altered notification is 401 and changes nothing', async () => {
    const { id } = await cardRequest();
    const forged = await fake.pay(id, { wrongSignature: true });
    expect(forged.check?.status).toBe(401);
    expect(fake.transactionsOf(id).at(-1)!.Status).toBe('Declined');

    // A Pay whose body was changed after signing (the amount), and one without a signature at all.
    const tx = fake.newTransaction(fake.order(id)!, fake.order(id)!.Amount);
    tx.Status = 'Completed';
    const fields = fake.transactionFields(tx);
    const body = new URLSearchParams(fields).toString();
    const signed = fake.sign(body);
    const altered = body.replace(/Amount=[\d.]+/, 'Amount=1.00');
    for (const headers of [signed, {}]) {
      const res = await fetch(`${fake.notifyUrl}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: altered,
      });
      expect(res.status).toBe(401);
    }
    expect((await requestRow(id)).status).toBe('open');
    expect(await journalOf(id)).toEqual([]);
    // The genuine one still settles.
    expect((await fake.notify('pay', fields)).answer).toEqual({ code: 0 });
    expect((await requestRow(id)).status).toBe('paid');
  });

  it("the customer's open pages are told after the commit (settled, failed); a duplicate tells nothing; others hear nothing", async () => {
    const a = await cardRequest();
    const other = await cardRequest();
    const heard: { user: number; event: TLiveEvent }[] = [];
    const off = [a.c.user.id, other.c.user.id].map((user) => ctx.app.live.subscribe(user, (event) => heard.push({ user, event })));
    try {
      await fake.pay(a.id);
      await vi.waitFor(() =>
        expect(heard).toEqual([{ user: a.c.user.id, event: { type: 'payment', data: { request_id: a.id, status: 'paid' } } }]),
      );
      // Told when it was already paid: the journal holds one row, and nobody is told again.
      await fake.notify('pay', fake.notifications.filter((n) => n.kind === 'pay').at(-1)!.fields);
      expect(await journalOf(a.id)).toHaveLength(1);
      await fake.decline(other.id);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      expect(heard[1]).toEqual({ user: other.c.user.id, event: { type: 'payment', data: { request_id: other.id, status: 'failed' } } });
    } finally {
      for (const f of off) f();
    }
  });

  it("the branch's keys are opened once and kept a short while in the process; a save here drops them at once", async () => {
    let now = 0;
    const key = randomBytes(32).toString('hex');
    const here = providerSettings(new SecretBox(key), { ttlMs: 1000, now: () => now });
    const elsewhere = providerSettings(new SecretBox(key)); // another API process
    const { db } = ctx.database;
    const at = { branchId: staff.branchId, provider: 'freedompay' as const, updatedBy: 1 };
    try {
      await here.save(db, { ...at, enabled: true, credentials: { merchant_id: 'm1', secret_key: 's1' } });
      expect(await here.keptCredentials(db, at.branchId, at.provider)).toEqual({ merchant_id: 'm1', secret_key: 's1' });
      await elsewhere.save(db, { ...at, enabled: false, credentials: { merchant_id: 'm2', secret_key: 's2' } });
      now = 999; // still kept here
      expect(await here.credentials(db, at.branchId, at.provider)).toEqual({ merchant_id: 'm1', secret_key: 's1' });
      now = 1001; // stale: read again
      expect(await here.keptCredentials(db, at.branchId, at.provider)).toEqual({ merchant_id: 'm2', secret_key: 's2' });
      expect(await here.credentials(db, at.branchId, at.provider)).toBeNull();
      await here.save(db, { ...at, enabled: true, credentials: { secret_key: 's3' } });
      expect(await here.credentials(db, at.branchId, at.provider)).toEqual({ merchant_id: 'm2', secret_key: 's3' });
    } finally {
      await db
        .delete(paymentProviderSettings)
        .where(and(eq(paymentProviderSettings.branchId, at.branchId), eq(paymentProviderSettings.provider, at.provider)));
    }
  });

  it('duplicates at once and Pay before Check: one settlement', async () => {
    const a = await cardRequest();
    const dup = await fake.pay(a.id, { duplicate: 8 });
    expect(dup.pay.map((p) => p.answer)).toEqual(Array.from({ length: 8 }, () => ({ code: 0 })));
    expect(await journalOf(a.id)).toHaveLength(1);

    const b = await cardRequest();
    const reordered = await fake.pay(b.id, { reorder: true, delayMs: 20 });
    expect(reordered.pay[0]!.answer).toEqual({ code: 0 });
    // The late Check finds the request paid: it cannot be taken again.
    expect(reordered.check?.answer).toEqual({ code: 13 });
    expect(await journalOf(b.id)).toHaveLength(1);
    await expectKeptEqualsJournal(ctx);
  });

  it('Check refuses an unknown invoice, a different amount, and an expired request', async () => {
    const unknown = await fake.notify('check', { InvoiceId: crypto.randomUUID(), Amount: '10.00', Currency: 'KZT', TransactionId: '1' });
    expect(unknown).toEqual({ status: 200, answer: { code: 10 } });
    const notOurs = await fake.notify('check', { InvoiceId: 'DROP TABLE', Amount: '10.00', TransactionId: '1' });
    expect(notOurs).toEqual({ status: 200, answer: { code: 10 } });

    const { id } = await cardRequest();
    const wrong = await fake.pay(id, { amount: 1 });
    expect(wrong.check?.answer).toEqual({ code: 12 });
    await ctx.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, id));
    const expired = await fake.pay(id);
    expect(expired.check?.answer).toEqual({ code: 20 });
    expect(await journalOf(id)).toEqual([]);
  });

  it('late money: Check refuses with 13 when the counter took it; a Pay without Check is booked and refunded', async () => {
    const { c, id, amount } = await cardRequest();
    const cash = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount }] });
    expect(cash.status, cash.body).toBe(200);
    const refused = await fake.pay(id);
    expect(refused.check?.answer).toEqual({ code: 13 });
    expect(refused.pay).toEqual([]);
    expect(await journalOf(id)).toEqual([]);

    // A merchant whose cabinet sends no Check: the money arrives anyway and goes back at once.
    const late = await fake.pay(id, { skipCheck: true });
    expect(late.pay[0]!.answer).toEqual({ code: 0 });
    await fake.idle();
    expect(fake.refunds.filter((r) => r.invoiceId === id)).toEqual([
      expect.objectContaining({ paymentTransactionId: late.transaction.TransactionId, amount: amount / 100 }),
    ]);
    expect((await requestRow(id)).status).toBe('refunded');
    const journal = await journalOf(id);
    expect(journal.map((j) => j.amount).sort((x, y) => x - y)).toEqual([-amount, amount]);
    // The Refund notification of the refund we asked for records nothing new.
    expect(fake.notifications.filter((n) => n.kind === 'refund').at(-1)).toMatchObject({ status: 200, answer: { code: 0 } });
    expect(await differencesOf(id)).toEqual([]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a refund made in the cabinet is listed as a difference; Fail marks the request failed', async () => {
    const { id } = await cardRequest();
    const paid = await fake.pay(id);
    const refund = fake.refundTransaction(paid.transaction.TransactionId, 100);
    expect(typeof refund).toBe('object');
    await fake.idle();
    expect((await differencesOf(id)).map((d) => [d.kind, d.detail.amount])).toEqual([['refund_not_ours', 10_000]]);
    // Told twice, listed once.
    await fake.notify('refund', fake.notifications.filter((n) => n.kind === 'refund').at(-1)!.fields);
    expect(await differencesOf(id)).toHaveLength(1);

    const declined = await cardRequest();
    const fail = await fake.decline(declined.id);
    expect(fail.fail.answer).toEqual({ code: 0 });
    expect((await requestRow(declined.id)).status).toBe('failed');
  });

  it('our refund notified before CloudPayments answers the call is ours: no difference, written once', async () => {
    const { id, amount } = await cardRequest();
    const paid = await fake.pay(id);
    expect(paid.pay[0]!.answer).toEqual({ code: 0 });
    const [payment] = await journalOf(id);
    fake.notifyRefundBeforeAnswer = true;
    try {
      const sent = fake.notifications.length;
      const res = await m.call('POST', `/manage/payments/${payment!.id}/refund`, {
        token: staff.admin,
        body: { amount: 10_000, reason: 'customer changed mind' },
      });
      expect(res.status, res.body).toBe(200);
      // The Refund notification came (and was answered) while our refund call was still waiting for CloudPayments.
      const notified = fake.notifications.slice(sent).filter((n) => n.kind === 'refund');
      expect(notified).toHaveLength(1);
      expect(notified[0]).toMatchObject({ status: 200, answer: { code: 0 } });
      expect(await differencesOf(id)).toEqual([]);
      const journal = await journalOf(id);
      expect(journal.map((j) => j.amount).sort((x, y) => x - y)).toEqual([-10_000, amount]);
      expect(fake.refunds.filter((r) => r.invoiceId === id)).toHaveLength(1);
      await expectKeptEqualsJournal(ctx);
    } finally {
      fake.notifyRefundBeforeAnswer = false;
    }
  });

  it('CloudPayments away: creating is 502 payment_provider_failed; a Pay it cannot confirm is 502 and settles when retried', async () => {
    const c = await waitingCustomer(ctx, staff);
    fake.mode = 'hang';
    const res = await m.call('POST', '/payments/requests', {
      token: c.token,
      lang: 'ru',
      body: { branch_id: staff.branchId, provider: 'cloudpayments' },
    });
    expect([res.status, res.json.code]).toEqual([502, 'payment_provider_failed']);
    fake.mode = 'ok';

    const { id } = await cardRequest();
    const tx = fake.newTransaction(fake.order(id)!, fake.order(id)!.Amount);
    tx.Status = 'Completed';
    fake.mode = 'hang';
    const first = await fake.notify('pay', fake.transactionFields(tx));
    expect([first.status, (first.answer as { code?: string | number }).code]).toEqual([502, 'payment_provider_failed']);
    expect(await journalOf(id)).toEqual([]);
    fake.mode = 'ok';
    expect((await fake.notify('pay', fake.transactionFields(tx))).answer).toEqual({ code: 0 });
    expect(await journalOf(id)).toHaveLength(1);
  });
});
