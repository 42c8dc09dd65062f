import { eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, REPORT_TIME_ZONE, toMinor } from '@portal/contract';
import { paymentDifferences, paymentRequests, payments } from '../src/db/schema';
import type { PaymentDriver, ProviderState } from '../src/modules/online-payments/drivers/driver';
import { confirm } from '../src/modules/online-payments/settlement';
import { staffAt } from './factories';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, openRequest, waitingCustomer } from './online-payments-helpers';

/**
 * The books of online money (ADR 077): the day's close lists it apart from the drawer, staff refund it through the
 * provider (never beyond the payment, nothing written when the provider refuses), reconciliation lists differences.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];

/** A provider that answers each request's status as told, and refunds (or refuses, or takes its time). */
const provider = {
  states: new Map<string, ProviderState>(),
  refunds: [] as { providerRef: string; amount: number }[],
  refuse: false,
  delayMs: 0,
  statusCalls: 0,
};
const driver: PaymentDriver = {
  provider: 'kaspi',
  credentialFields: ['device_token'],
  create: () => Promise.reject(new Error('not used')),
  status: async (ref) => {
    provider.statusCalls += 1;
    return provider.states.get(ref.requestId) ?? { state: 'unknown' };
  },
  refund: async (ref, amount) => {
    if (provider.delayMs) await new Promise((r) => setTimeout(r, provider.delayMs));
    if (provider.refuse) throw new Error('refused');
    provider.refunds.push({ providerRef: ref.providerRef, amount });
    return { refundRef: `rf-${provider.refunds.length}` };
  },
};

beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = driver;
  ctx.app.paymentDrivers.cloudpayments = { ...driver, provider: 'cloudpayments' };
  await enableProvider(ctx, staff.branchId, 'kaspi', { device_token: 'dt' });
  await enableProvider(ctx, staff.branchId, 'cloudpayments', { public_id: 'pk', api_secret: 'secret' });
});
afterAll(async () => ctx.close());

/** A customer who paid their waiting parcels online (settled as a provider's confirmation settles). */
async function paidOnline(by: 'kaspi' | 'cloudpayments' = 'kaspi') {
  const c = await waitingCustomer(ctx, staff, [1]);
  const amount = c.lookup.total_minor + c.lookup.storage_fee;
  const requestId = await openRequest(ctx, {
    userId: c.user.id,
    branchId: staff.branchId,
    provider: by,
    amount,
    parcelIds: c.ids,
    currency: c.lookup.currency,
  });
  expect(await confirm(ctx.app, { provider: by, requestId, providerRef: `${by === 'kaspi' ? 'K' : 'C'}-${requestId}`, amount })).toEqual({
    outcome: 'settled',
  });
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.requestId, requestId));
  return { c, amount, requestId, paymentId: row!.id };
}

const refund = (token: string, id: number, amount: number, lang = 'en') =>
  m.call('POST', `/manage/payments/${id}/refund`, { token, lang, body: { amount, reason: 'customer changed mind' } });
const refundsOf = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.refundsId, id));

describe('close of day with online money', () => {
  it('lists online payments per provider (refunds subtract), never in expected or the count', async () => {
    const before = await m.call('GET', '/manage/day-close', { token: staff.branch });
    const { amount, paymentId } = await paidOnline();
    expect((await refund(staff.admin, paymentId, 100)).status).toBe(200);
    const after = await m.call('GET', '/manage/day-close', { token: staff.branch });
    expect(after.status, after.body).toBe(200);
    const kaspi = (v: typeof after) =>
      (v.json.data.online as { provider: string; count: number; amount: number }[]).find((o) => o.provider === 'kaspi');
    const was = kaspi(before) ?? { count: 0, amount: 0 };
    expect(kaspi(after)).toEqual({ provider: 'kaspi', count: was.count + 1, amount: was.amount + amount - 100 });
    expect(after.json.data.expected).toEqual(before.json.data.expected);
    expect(after.json.data.payments_count).toBe(before.json.data.payments_count);
    expect(Object.keys(after.json.data.expected)).not.toContain('online');
    // The day's journal (the payments list) carries the payment with what was refunded of it, and the refund.
    const list = await m.call('GET', '/manage/payments', { token: staff.branch });
    const rows = list.json.data as { id: number; kind: string; refunded: number; refunds_id: number | null }[];
    expect(rows.find((r) => r.id === paymentId)).toMatchObject({ kind: 'payment', refunded: 100 });
    expect(rows.find((r) => r.refunds_id === paymentId)).toMatchObject({ kind: 'refund' });
  });
});

describe('reports of online money', () => {
  it('revenue splits online money by provider (refunds subtract from theirs), in the dashboard and its exports', async () => {
    const today = localDate(new Date(), REPORT_TIME_ZONE);
    const q = `from=${today}&to=${today}&branch_id=${staff.branchId}`;
    type Row = { method: string; provider: string | null; amount: number; count: number };
    const sums = async () => {
      const dash = await m.call('GET', `/manage/reports?${q}`, { token: staff.admin });
      expect(dash.status, dash.body).toBe(200);
      const rows = dash.json.data.revenue as Row[];
      // Online money always names its provider; the counter's methods never do.
      expect(rows.every((r) => (r.method === 'online') === (r.provider !== null))).toBe(true);
      const of = (p: string) => rows.filter((r) => r.provider === p).reduce((sum, r) => sum + r.amount, 0);
      return { kaspi: of('kaspi'), cloudpayments: of('cloudpayments'), rows };
    };
    const before = await sums();
    const kaspi = await paidOnline('kaspi');
    const card = await paidOnline('cloudpayments');
    expect((await refund(staff.admin, card.paymentId, 250)).status).toBe(200);
    const after = await sums();
    expect(after.kaspi - before.kaspi).toBe(kaspi.amount);
    expect(after.cloudpayments - before.cloudpayments).toBe(card.amount - 250);

    // The .xlsx and the .csv carry the provider in its own column, one row per provider, the same sums as the screen.
    const x = await ctx.app.inject({
      method: 'GET',
      url: `/api/manage/reports/export?table=revenue&format=xlsx&lang=en&${q}`,
      headers: { authorization: `Bearer ${staff.admin}` },
    });
    expect(x.statusCode).toBe(200);
    const [heading, ...sheet] = await readSheet(x.rawPayload);
    expect(heading).toEqual(['Date', 'Branch', 'Method', 'Provider', 'Currency', 'Amount', 'Payments']);
    const sheetSum = (name: string) => sheet.filter((r) => r[3] === name).reduce((sum, r) => sum + toMinor(Number(r[5])), 0);
    expect(sheetSum('Kaspi')).toBe(after.kaspi);
    expect(sheetSum('CloudPayments')).toBe(after.cloudpayments);
    expect(sheet.filter((r) => r[2] === 'online' && r[3] === null)).toEqual([]);
    const csv = await m.call('GET', `/manage/reports/export?table=revenue&format=csv&lang=ru&${q}`, { token: staff.admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('"Провайдер"');
    expect(csv.body).toMatch(/"online","CloudPayments"/);
    await expectKeptEqualsJournal(ctx);
  });
});

describe('refunds through the provider', () => {
  it('all or part, never beyond the payment; the refund row names it, audited; a reversal is refused', async () => {
    const { amount, paymentId } = await paidOnline();
    const part = await refund(staff.admin, paymentId, 300);
    expect(part.status, part.body).toBe(200);
    expect(part.json.data).toMatchObject({ kind: 'refund', amount: -300, method: 'online', provider: 'kaspi', refunds_id: paymentId });
    const tooMuch = await refund(staff.admin, paymentId, amount, 'ru');
    expect([tooMuch.status, tooMuch.json.code]).toEqual([422, 'refund_too_much']);
    expect(tooMuch.json.message).toMatch(/не больше/);
    expect((await refund(staff.admin, paymentId, amount - 300)).status).toBe(200);
    expect((await refundsOf(paymentId)).reduce((s, r) => s + r.amount, 0)).toBe(-amount);
    expect(provider.refunds.slice(-2).map((r) => r.amount)).toEqual([300, amount - 300]);

    const reverse = await m.call('POST', `/manage/payments/${paymentId}/reverse`, {
      token: staff.admin,
      body: { reason: 'wrong customer' },
    });
    expect([reverse.status, reverse.json.code]).toEqual([409, 'payment_use_refund']);
    const audit = await m.call('GET', `/admin/audit?filters[action]=payment.refund`, { token: staff.admin });
    expect(audit.json.data.length).toBeGreaterThanOrEqual(2);
    await expectKeptEqualsJournal(ctx);
  });

  it('the provider refusing: 502 in the caller’s language and nothing written', async () => {
    const { paymentId } = await paidOnline();
    provider.refuse = true;
    try {
      const res = await refund(staff.admin, paymentId, 100, 'kk');
      expect([res.status, res.json.code]).toEqual([502, 'refund_provider_failed']);
      expect(res.json.message).toMatch(/провайдер/i);
    } finally {
      provider.refuse = false;
    }
    expect(await refundsOf(paymentId)).toEqual([]);
    const audit = await m.call('GET', `/admin/audit?filters[action]=payment.refund&filters[target_id]=${paymentId}`, {
      token: staff.admin,
    });
    expect(audit.json.data).toEqual([]);
  });

  it('capability refunds (admins always), staff of the payment’s branch only; a counter payment is not refunded here', async () => {
    const { paymentId } = await paidOnline();
    expect((await refund(staff.branch, paymentId, 100)).status).toBe(403);
    const clerk = await staffAt(ctx, { kind: 'branch', branch_id: staff.branchId });
    const other = await staffAt(ctx, { kind: 'branch', branch_id: staff.otherBranchId });
    for (const u of [clerk, other])
      expect((await m.call('PATCH', `/admin/users/${u.user.id}`, { token: staff.admin, body: { capabilities: ['refunds'] } })).status).toBe(
        200,
      );
    expect((await refund(other.token, paymentId, 100)).status).toBe(403);
    expect((await refund(clerk.token, paymentId, 100)).status).toBe(200);
    const [cash] = await ctx.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(sql`${payments.method} = 'cash' and ${payments.amount} > 0`)
      .limit(1);
    if (cash) expect((await refund(staff.admin, cash.id, 100)).json.code).toBe('payment_not_online');
    expect((await refund(staff.admin, 99_999_999, 100)).status).toBe(404);
  });

  it('a burst of parallel refunds never returns more than the payment', async () => {
    const { amount, paymentId } = await paidOnline();
    provider.delayMs = 20;
    const each = Math.floor(amount / 4);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(staff.admin, paymentId, each)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.json.code === 'refund_too_much')).toBe(true);
    } finally {
      provider.delayMs = 0;
    }
    expect((await refundsOf(paymentId)).reduce((s, r) => s + r.amount, 0)).toBe(-4 * each);
    await expectKeptEqualsJournal(ctx);
  });
});

describe('reconciliation', () => {
  it('money paid at the provider that we never settled is listed once; running again adds nothing; staff resolve it', async () => {
    const c = await waitingCustomer(ctx, staff, [1]);
    const amount = c.lookup.total_minor + c.lookup.storage_fee;
    const requestId = await openRequest(ctx, {
      userId: c.user.id,
      branchId: staff.branchId,
      provider: 'kaspi',
      amount,
      parcelIds: c.ids,
      currency: c.lookup.currency,
    });
    await ctx.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentRequests.id, requestId));
    provider.states.set(requestId, { state: 'paid', providerRef: 'KP-1', amount, paidAt: new Date() });
    // A settled one the provider agrees with is no difference.
    const ok = await paidOnline();
    provider.states.set(ok.requestId, { state: 'paid', providerRef: `K-${ok.requestId}`, amount: ok.amount, paidAt: new Date() });

    const first = await m.call('POST', '/manage/payment-differences/check', { token: staff.branch, body: {} });
    expect(first.status, first.body).toBe(200);
    expect(first.json.data.found).toBeGreaterThanOrEqual(1);
    const again = await m.call('POST', '/manage/payment-differences/check', { token: staff.admin, body: {} });
    expect(again.json.data.found).toBe(0);
    const rows = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, requestId));
    expect(rows.map((r) => r.kind)).toEqual(['paid_not_settled']);
    expect(await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, ok.requestId))).toEqual([]);

    const list = await m.call('GET', '/manage/payment-differences', { token: staff.branch });
    const mine = (list.json.data as { id: number; request_id: string; kind: string; customer: { client_code: string } }[]).find(
      (d) => d.request_id === requestId,
    )!;
    expect(mine).toMatchObject({ kind: 'paid_not_settled', customer: { client_code: c.user.client_code } });
    const theirs = await m.call('GET', '/manage/payment-differences', { token: staff.otherBranch });
    expect((theirs.json.data as { request_id: string }[]).some((d) => d.request_id === requestId)).toBe(false);
    expect((await m.call('GET', '/manage/payment-differences', { token: staff.warehouse })).status).toBe(403);

    const other = await m.call('POST', `/manage/payment-differences/${mine.id}/resolve`, {
      token: staff.otherBranch,
      body: { note: 'not ours' },
    });
    expect(other.status).toBe(403);
    const resolved = await m.call('POST', `/manage/payment-differences/${mine.id}/resolve`, {
      token: staff.branch,
      body: { note: 'settled by hand' },
    });
    expect(resolved.status, resolved.body).toBe(200);
    expect(resolved.json.data).toMatchObject({ resolution: 'settled by hand' });
    expect(
      (await m.call('POST', `/manage/payment-differences/${mine.id}/resolve`, { token: staff.branch, body: { note: 'again' } })).status,
    ).toBe(409);
    // Resolved: not raised again by the next run.
    expect((await m.call('POST', '/manage/payment-differences/check', { token: staff.admin, body: {} })).json.data.found).toBe(0);
  });

  it('a settled payment the provider says failed, or paid another amount, is listed', async () => {
    const a = await paidOnline();
    provider.states.set(a.requestId, { state: 'failed', reason: 'declined' });
    const b = await paidOnline();
    provider.states.set(b.requestId, { state: 'paid', providerRef: `K-${b.requestId}`, amount: b.amount - 100, paidAt: new Date() });
    const check = await m.call('POST', '/manage/payment-differences/check', { token: staff.admin, body: { branch_id: staff.branchId } });
    expect(check.status).toBe(200);
    const kinds = async (id: string) =>
      (await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, id))).map((r) => r.kind);
    expect(await kinds(a.requestId)).toEqual(['settled_not_paid']);
    expect(await kinds(b.requestId)).toEqual(['amount_differs']);
  });
});

describe('receipts of parcels paid online', () => {
  it('the hand-over’s receipt names the provider and its reference, and its PDF says so too', async () => {
    const { c, amount, requestId } = await paidOnline();
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status, done.body).toBe(200);
    const receipt = await m.call('GET', `/receipts/${done.json.data.id}`, { token: c.token });
    expect(receipt.status).toBe(200);
    expect(receipt.json.data.payments).toEqual([
      expect.objectContaining({ method: 'online', provider: 'kaspi', provider_ref: `K-${requestId}`, amount, staff: null }),
    ]);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/receipts/${done.json.data.id}.pdf`,
      headers: { authorization: `Bearer ${c.token}`, 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    const { PDFParse } = await import('pdf-parse');
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    try {
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      expect(text).toContain(`Online (Kaspi · ref K-${requestId.slice(0, 8)}`);
    } finally {
      await parser.destroy();
    }
  });
});
