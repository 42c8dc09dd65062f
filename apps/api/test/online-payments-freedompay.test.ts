import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeFreedomPay, freedomSig } from '../../../tools/fakes/freedompay.mjs';
import { paymentRequests, payments } from '../src/db/schema';
import { ProviderError } from '../src/modules/online-payments/drivers/driver';
import { freedomPayDriver, freedomSignature, readFreedomXml } from '../src/modules/online-payments/drivers/freedompay';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, waitingCustomer } from './online-payments-helpers';

/**
 * Kyrgyzstan through Freedom Pay (ADR 077), against the local fake: init_payment.php with pg_sig, the signed check
 * and result notifications answered with signed XML, settled exactly once after get_status3.php agrees; late money
 * rejected where pg_can_reject allows, else booked and returned through revoke.php.
 */
// Freedom Pay is given our callback URLs when the payment is created: the app listens where PUBLIC_URL says.
const PORT = 3241;
const creds = { merchant_id: '552170', secret_key: 'fp-secret-key-91c' };
const fake = new FakeFreedomPay({ merchantId: creds.merchant_id, secretKey: creds.secret_key });
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
let driver: ReturnType<typeof freedomPayDriver>;
const local = `http://127.0.0.1:${PORT}`;

beforeAll(async () => {
  const url = await fake.start();
  ({ ctx, staff, m } = await onlineApp({ FREEDOMPAY_API_URL: url, PUBLIC_URL: local }));
  driver = freedomPayDriver({ baseUrl: url, timeoutMs: 3000 });
  ctx.app.paymentDrivers.freedompay = driver;
  await enableProvider(ctx, staff.branchId, 'freedompay', creds);
  await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const journalOf = (requestId: string) => ctx.database.db.select().from(payments).where(eq(payments.requestId, requestId));
const requestRow = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

async function freedomRequest(weights: number[] = [1]) {
  const c = await waitingCustomer(ctx, staff, weights);
  const res = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId, provider: 'freedompay' } });
  expect(res.status, res.body).toBe(201);
  const request = res.json.data as { id: string; amount: number; pay_url: string; currency: string; provider_ref: string | null };
  return { c, request, id: request.id, amount: request.amount };
}

describe('the driver against the fake', () => {
  it('signs as Freedom Pay does, checks the answers, asks the state and revokes', async () => {
    // md5("init_payment.php;" + values sorted by key + ";" + secret)
    expect(freedomSignature('init_payment.php', { pg_b: '2', pg_a: '1', pg_sig: 'x' }, 's')).toBe(
      freedomSig('init_payment.php', { pg_a: '1', pg_b: '2' }, 's'),
    );
    expect(readFreedomXml('<response><pg_status>ok</pg_status><pg_url>a?b=1&amp;c=2</pg_url><pg_x/></response>')).toEqual({
      pg_status: 'ok',
      pg_url: 'a?b=1&c=2',
      pg_x: '',
    });
    const id = crypto.randomUUID();
    const created = await driver.create(
      {
        requestId: id,
        amount: 250_000,
        currency: 'KGS',
        description: 'Cargo: 1 parcel',
        lang: 'ru',
        phone: '+996555123456',
        returnUrl: 'https://portal.example/pay/x',
        callbackUrl: 'https://portal.example/api/payments/callbacks/freedompay',
        expiresAt: new Date(Date.now() + 30 * 60_000),
      },
      creds,
    );
    const p = fake.paymentOf(id)!;
    expect(created).toEqual({ providerRef: String(p.paymentId), payUrl: expect.stringContaining('/pay.html'), qrPayload: null });
    expect([p.amount, p.currency, p.phone, p.checkUrl, p.resultUrl, p.language]).toEqual([
      2500,
      'KGS',
      '996555123456',
      'https://portal.example/api/payments/callbacks/freedompay/check',
      'https://portal.example/api/payments/callbacks/freedompay/result',
      'ru',
    ]);
    expect(p.lifetime).toBeGreaterThanOrEqual(1790);
    expect(await driver.status({ requestId: id, providerRef: null }, creds)).toEqual({ state: 'pending' });
    expect(await driver.status({ requestId: crypto.randomUUID(), providerRef: null }, creds)).toEqual({ state: 'unknown' });
    p.status = 'ok';
    p.paidAt = new Date();
    expect(await driver.status({ requestId: id, providerRef: String(p.paymentId) }, creds)).toMatchObject({
      state: 'paid',
      providerRef: String(p.paymentId),
      amount: 250_000,
    });
    await driver.refund({ requestId: id, providerRef: String(p.paymentId) }, 250_000, creds);
    expect(fake.refunds.at(-1)).toEqual({ paymentId: p.paymentId, orderId: id, amount: 2500 });
    expect(await driver.status({ requestId: id, providerRef: null }, creds)).toMatchObject({ state: 'refunded', amount: 250_000 });

    const code = (q: Promise<unknown>) =>
      q.then(
        () => 'no error',
        (err: unknown) => (err instanceof ProviderError ? err.code : String(err)),
      );
    expect(await code(driver.status({ requestId: id, providerRef: null }, { ...creds, secret_key: 'wrong' }))).toBe('error_9998');
    fake.mode = 'hang';
    expect(await code(driver.status({ requestId: id, providerRef: null }, creds))).toBe('timeout');
    fake.mode = 'error';
    expect(await code(driver.status({ requestId: id, providerRef: null }, creds))).toBe('http_502');
    fake.mode = 'ok';
  });
});

describe('paying with Freedom Pay', () => {
  it('request → check ok → result → settled once (signed XML answers); the counter hands over taking 0', async () => {
    const { c, id, amount, request } = await freedomRequest([1, 3]);
    const p = fake.paymentOf(id)!;
    expect([request.pay_url, request.provider_ref]).toEqual([expect.stringContaining(fake.url), String(p.paymentId)]);
    expect(p.checkUrl).toBe(`${local}/api/payments/callbacks/freedompay/check`);
    expect(p.amount * 100).toBe(amount);

    const paid = await fake.pay(id);
    expect([paid.check?.answer?.pg_status, paid.check?.signatureValid]).toEqual(['ok', true]);
    expect(paid.result.map((r) => [r.status, r.answer?.pg_status, r.signatureValid])).toEqual([[200, 'ok', true]]);
    expect((await requestRow(id)).status).toBe('paid');
    expect((await journalOf(id)).map((j) => [j.method, j.amount, j.provider, j.providerRef])).toEqual([
      ['online', amount, 'freedompay', String(p.paymentId)],
    ]);
    expect(fake.calls.filter((call) => call.script === 'get_status3.php').at(-1)?.fields.pg_order_id).toBe(id);

    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status, done.body).toBe(200);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: request.currency, balance: 0 }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a wrong pg_sig is 401 and changes nothing; so is an unknown order', async () => {
    const { id } = await freedomRequest();
    const forged = await fake.pay(id, { wrongSignature: true, skipCheck: true });
    expect(forged.result.map((r) => r.status)).toEqual([401]);
    expect((await requestRow(id)).status).toBe('open');
    expect(await journalOf(id)).toEqual([]);
    // A result signed for the check address (another script name) is not a result.
    const p = fake.paymentOf(id)!;
    const fields = fake.paymentFields(p, { pg_result: '1', pg_can_reject: '0', pg_salt: 'abc' });
    const res = await fetch(p.resultUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, pg_sig: freedomSig('check', fields, creds.secret_key) }).toString(),
    });
    expect(res.status).toBe(401);
    const unknown = await fake.notify('result', p.resultUrl, { ...fields, pg_order_id: crypto.randomUUID() });
    expect(unknown.status).toBe(401);
    expect((await requestRow(id)).status).toBe('open');
  });

  it('duplicate results at once and result before check: one settlement', async () => {
    const a = await freedomRequest();
    const dup = await fake.pay(a.id, { duplicate: 6 });
    expect(dup.result.map((r) => r.answer?.pg_status)).toEqual(Array.from({ length: 6 }, () => 'ok'));
    expect(await journalOf(a.id)).toHaveLength(1);

    const b = await freedomRequest();
    const reordered = await fake.pay(b.id, { reorder: true });
    expect(reordered.result[0]!.answer?.pg_status).toBe('ok');
    expect(reordered.check?.answer?.pg_status).toBe('rejected');
    expect(await journalOf(b.id)).toHaveLength(1);
    await expectKeptEqualsJournal(ctx);
  });

  it('check rejects a different amount; a failed payment marks the request failed', async () => {
    const { id } = await freedomRequest();
    const wrong = await fake.pay(id, { amount: 1 });
    expect(wrong.check?.answer).toMatchObject({ pg_status: 'rejected', pg_description: 'amount_differs' });
    expect(await journalOf(id)).toEqual([]);
    const declined = await fake.decline(id);
    expect(declined.result.answer?.pg_status).toBe('ok');
    expect((await requestRow(id)).status).toBe('failed');
  });

  it('late money: rejected with pg_can_reject=1 (Freedom Pay cancels it); without it booked and revoked', async () => {
    const a = await freedomRequest();
    const cash = await m.complete(staff.branch, { customer_id: a.c.user.id, payments: [{ method: 'cash', amount: a.amount }] });
    expect(cash.status, cash.body).toBe(200);
    const rejected = await fake.pay(a.id, { skipCheck: true, canReject: true });
    expect([rejected.result[0]!.answer?.pg_status, rejected.result[0]!.signatureValid]).toEqual(['rejected', true]);
    expect(rejected.payment.status).toBe('revoked');
    expect(await journalOf(a.id)).toEqual([]);
    expect(fake.refunds.filter((r) => r.orderId === a.id)).toEqual([]);

    const b = await freedomRequest();
    const cashB = await m.complete(staff.branch, { customer_id: b.c.user.id, payments: [{ method: 'cash', amount: b.amount }] });
    expect(cashB.status).toBe(200);
    const late = await fake.pay(b.id, { skipCheck: true, canReject: false });
    expect(late.result[0]!.answer?.pg_status).toBe('ok');
    expect(fake.refunds.filter((r) => r.orderId === b.id)).toEqual([
      { paymentId: late.payment.paymentId, orderId: b.id, amount: b.amount / 100 },
    ]);
    expect((await requestRow(b.id)).status).toBe('refunded');
    expect((await journalOf(b.id)).map((j) => j.amount).sort((x, y) => x - y)).toEqual([-b.amount, b.amount]);
    await expectKeptEqualsJournal(ctx);
  });

  it('Freedom Pay away: creating is 502 payment_provider_failed; a result it cannot confirm is 502, settled on retry', async () => {
    const c = await waitingCustomer(ctx, staff);
    fake.mode = 'hang';
    const res = await m.call('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId, provider: 'freedompay' } });
    expect([res.status, res.json.code]).toEqual([502, 'payment_provider_failed']);
    fake.mode = 'ok';

    const { id } = await freedomRequest();
    const p = fake.paymentOf(id)!;
    p.status = 'ok';
    const fields = fake.paymentFields(p, { pg_result: '1', pg_can_reject: '0' });
    fake.mode = 'hang';
    expect((await fake.notify('result', p.resultUrl, fields)).status).toBe(502);
    expect(await journalOf(id)).toEqual([]);
    fake.mode = 'ok';
    expect((await fake.notify('result', p.resultUrl, fields)).answer?.pg_status).toBe('ok');
    expect(await journalOf(id)).toHaveLength(1);
  });
});
