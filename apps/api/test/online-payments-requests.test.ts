import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import { paymentRequests } from '../src/db/schema';
import { confirm } from '../src/modules/online-payments/settlement';
import { client, secondInstance, type TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, waitingCustomer } from './online-payments-helpers';

/**
 * Payment requests as the customer makes them (ADR 077): the amount is what the counter would charge now, frozen; one
 * open per branch; refusals are clear; the list of waiting parcels and the counter see what was paid online.
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

const create = (token: string, body: Record<string, unknown>) => m.call('POST', '/payments/requests', { token, body });
const waiting = async (token: string) => (await m.call('GET', '/orders/waiting', { token })).json.data;

describe('POST payments/requests', () => {
  it('freezes what the counter would charge, opens a Kaspi payment for it, and answers it to its owner only', async () => {
    const c = await waitingCustomer(ctx, staff, [1, 2.5]);
    const [row] = await waiting(c.token);
    expect(row).toMatchObject({ online_providers: ['kaspi'], open_request_id: null, paid_online: 0 });
    const res = await create(c.token, { branch_id: staff.branchId });
    expect(res.status, res.body).toBe(201);
    const req = res.json.data;
    expect(req).toMatchObject({ status: 'open', provider: 'kaspi', amount: row.to_pay, debt: 0, currency: row.currency });
    expect(req.amount).toBe(c.lookup.total_minor + c.lookup.storage_fee);
    expect([...req.parcel_ids].sort()).toEqual([...c.ids].sort());
    const paid = kaspi.byExternalId(req.id)!;
    expect(paid.amount * 100).toBe(req.amount);
    expect([req.provider_ref, req.pay_url]).toEqual([paid.id, `https://pay.kaspi.kz/pay/${paid.id}`]);
    expect((await waiting(c.token))[0].open_request_id).toBe(req.id);

    const other = await waitingCustomer(ctx, staff, [1]);
    expect((await m.call('GET', `/payments/requests/${req.id}`, { token: other.token })).status).toBe(404);
    expect((await m.call('POST', `/payments/requests/${req.id}/cancel`, { token: other.token })).status).toBe(404);
    expect((await m.call('GET', '/payments/requests/not-a-uuid', { token: c.token })).status).toBe(404);
    const mine = await m.call('GET', `/payments/requests/${req.id}`, { token: c.token });
    expect([mine.status, mine.json.data.status]).toEqual([200, 'open']);
    const cancelled = await m.call('POST', `/payments/requests/${req.id}/cancel`, { token: c.token });
    expect(cancelled.json.data.status).toBe('cancelled');
    expect((await waiting(c.token))[0].open_request_id).toBeNull();
  });

  it('refuses clearly: nothing to pay (409), a provider the branch lacks or no key (422), in the caller’s language', async () => {
    const c = await waitingCustomer(ctx, staff, [1]);
    const none = await m.call('POST', '/payments/requests', {
      token: c.token,
      body: { branch_id: staff.otherBranchId },
      headers: { 'accept-language': 'ru' },
    });
    expect([none.status, none.json.code]).toEqual([422, 'payment_provider_unavailable']);
    expect(none.json.message).toMatch(/пункт/);
    const wrong = await create(c.token, { branch_id: staff.branchId, provider: 'freedompay' });
    expect([wrong.status, wrong.json.code]).toEqual([422, 'payment_provider_unavailable']);
    expect((await create(c.token, { branch_id: 999999 })).status).toBe(404);
    expect((await create(c.token, { branch_id: 'x' })).status).toBe(422);

    const nothing = await waitingCustomer(ctx, staff, [1]);
    expect((await m.complete(staff.branch, { customer_id: nothing.user.id, payment_method: 'cash' })).status).toBe(200);
    const res = await create(nothing.token, { branch_id: staff.branchId });
    expect([res.status, res.json.code]).toEqual([409, 'nothing_to_pay']);

    // The same database without PAYMENTS_SECRET_KEY: no branch takes money online.
    const keyless = await secondInstance(ctx);
    try {
      const res2 = await client(keyless)('POST', '/payments/requests', { token: c.token, body: { branch_id: staff.branchId } });
      expect([res2.status, res2.json.code]).toEqual([422, 'payment_provider_unavailable']);
      const list = await client(keyless)('GET', '/orders/waiting', { token: c.token });
      expect(list.json.data[0].online_providers).toEqual([]);
    } finally {
      await keyless.close();
    }
  });

  it('a provider that refuses or is away: 502, the request failed, nothing left open', async () => {
    const c = await waitingCustomer(ctx, staff, [1]);
    for (const how of [{ StatusCode: -1503, Message: 'Устройство не найдено' }, 'http500'] as const) {
      kaspi.failNext('/qr/create-link', how);
      const res = await create(c.token, { branch_id: staff.branchId });
      expect([res.status, res.json.code]).toEqual([502, 'payment_provider_failed']);
    }
    const rows = await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, c.user.id));
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'provider_failed'],
      ['failed', 'provider_failed'],
    ]);
  });

  it('a burst of creates leaves exactly one open request, for the last amount', async () => {
    const c = await waitingCustomer(ctx, staff, [1]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(c.token, { branch_id: staff.branchId })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const open = await ctx.database.db
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, c.user.id), eq(paymentRequests.status, 'open')));
    expect(open).toHaveLength(1);
    expect((await waiting(c.token))[0].open_request_id).toBe(open[0]!.id);
  });
});

describe('after paying online', () => {
  it('the list shows the credit and nothing to pay; the counter sees it and hands over taking 0; the receipt says so', async () => {
    const c = await waitingCustomer(ctx, staff, [1.5]);
    const req = (await create(c.token, { branch_id: staff.branchId })).json.data;
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: req.id, providerRef: req.provider_ref, amount: req.amount })).toEqual({
      outcome: 'settled',
    });
    const [row] = await waiting(c.token);
    expect(row).toMatchObject({ paid_online: req.amount, debt: 0, to_pay: 0, open_request_id: null });
    const mine = (await m.call('GET', `/payments/requests/${req.id}`, { token: c.token })).json.data;
    expect(mine).toMatchObject({ status: 'paid', provider_ref: req.provider_ref });
    expect(mine.payment_id).toEqual(expect.any(Number));
    expect((await create(c.token, { branch_id: staff.branchId })).json.code).toBe('nothing_to_pay');

    const lookup = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    expect(lookup).toMatchObject({ debt: 0, paid_online: req.amount });
    expect(lookup.online_payments).toEqual([
      { provider: 'kaspi', provider_ref: req.provider_ref, amount: req.amount, paid_at: expect.any(String) },
    ]);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status, done.body).toBe(200);
    expect(done.json.data).toMatchObject({ total_minor: req.amount, paid: 0, paid_online: req.amount, remaining: 0, debt_repaid: 0 });
    const receipt = (await m.call('GET', `/receipts/${done.json.data.id}`, { token: c.token })).json.data;
    expect(receipt).toMatchObject({ paid_online: req.amount, remaining: 0 });
    const after = (await m.call('GET', '/balance', { token: c.token })).json.data.balances;
    expect(after).toEqual([{ currency: req.currency, balance: 0 }]);
    expect((await m.lookup(staff.branch, { customer: c.user.client_code })).json.data).toMatchObject({
      paid_online: 0,
      online_payments: [],
    });
    await expectKeptEqualsJournal(ctx);
  });

  it('a debt alone is paid online too; then the counter has no debt to take', async () => {
    const c = await waitingCustomer(ctx, staff, [1]);
    expect((await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true })).status).toBe(200);
    const debt = c.lookup.total_minor + c.lookup.storage_fee;
    const req = (await create(c.token, { branch_id: staff.branchId })).json.data;
    expect(req).toMatchObject({ amount: debt, debt, parcel_ids: [] });
    expect((await confirm(ctx.app, { provider: 'kaspi', requestId: req.id, providerRef: req.provider_ref, amount: debt })).outcome).toBe(
      'settled',
    );
    const pay = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: 100 }] },
    });
    expect([pay.status, pay.json.code]).toEqual([422, 'no_debt']);
    await expectKeptEqualsJournal(ctx);
  });
});
