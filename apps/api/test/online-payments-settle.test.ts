import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDifferences, paymentRequests, payments } from '../src/db/schema';
import { confirm, check, fail } from '../src/modules/online-payments/settlement';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import {
  expectKeptEqualsJournal,
  onlineApp,
  openRequest,
  recordingDriver,
  waitingCustomer,
  enableProvider,
} from './online-payments-helpers';

/**
 * Settlement exactly once (ADR 077): whatever arrives twice or at once, a request's money is written once; money that
 * comes when there is nothing left to pay is refused or written with its refund; the counter uses the credit.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const fake = recordingDriver('kaspi');
beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = fake.driver;
  await enableProvider(ctx, staff.branchId, 'kaspi', { key: 'k' });
});
afterAll(async () => ctx.close());

async function requestFor(weights: number[] = [1]) {
  const c = await waitingCustomer(ctx, staff, weights);
  const amount = c.lookup.total_minor + c.lookup.storage_fee;
  const id = await openRequest(ctx, {
    userId: c.user.id,
    branchId: staff.branchId,
    provider: 'kaspi',
    amount,
    parcelIds: c.ids,
    currency: c.lookup.currency,
  });
  return { c, id, amount };
}
const journalOf = (requestId: string) => ctx.database.db.select().from(payments).where(eq(payments.requestId, requestId));
const requestRow = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

describe('confirm', () => {
  it('settles once; a repeat is a duplicate; the counter then takes nothing and refuses cash', async () => {
    const { c, id, amount } = await requestFor([1, 2]);
    expect(await check(ctx.app, { provider: 'kaspi', requestId: id, amount })).toEqual({ ok: true });
    expect(await check(ctx.app, { provider: 'kaspi', requestId: id, amount: amount + 1 })).toEqual({ ok: false, reason: 'amount_differs' });
    const input = { provider: 'kaspi' as const, requestId: id, providerRef: `Q-${id}`, amount };
    expect(await confirm(ctx.app, input)).toEqual({ outcome: 'settled' });
    expect(await confirm(ctx.app, input)).toEqual({ outcome: 'duplicate' });
    expect(await check(ctx.app, { provider: 'kaspi', requestId: id, amount })).toEqual({ ok: false, reason: 'not_open' });
    const rows = await journalOf(id);
    expect(rows.map((r) => [r.method, r.amount, r.provider, r.providerRef, r.staffUserId])).toEqual([
      ['online', amount, 'kaspi', `Q-${id}`, null],
    ]);
    const req = await requestRow(id);
    expect([req.status, req.paymentId]).toEqual(['paid', rows[0]!.id]);

    // The counter: paying cash on top is too much; handing over with nothing taken needs no accepted debt.
    const cash = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount }] });
    expect([cash.status, cash.json.code]).toEqual([422, 'payment_too_much']);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [] });
    expect(done.status).toBe(200);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: 0 }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('unknown requests and providers, and a different amount, write nothing', async () => {
    const { id, amount } = await requestFor();
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: 'nope', providerRef: 'x', amount })).toEqual({ outcome: 'unknown' });
    expect(await confirm(ctx.app, { provider: 'freedompay', requestId: id, providerRef: 'x', amount })).toEqual({ outcome: 'unknown' });
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: 'x', amount: amount - 100 })).toEqual({
      outcome: 'amount_differs',
    });
    expect(await journalOf(id)).toEqual([]);
    const diffs = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, id));
    expect(diffs.map((d) => d.kind)).toEqual(['amount_differs']);
    expect((await requestRow(id)).status).toBe('open');
    await fail(ctx.app, { provider: 'kaspi', requestId: id, reason: 'declined' });
    expect((await requestRow(id)).status).toBe('failed');
  });

  it('money after the counter took it: refused where the provider can, else written with its refund and returned', async () => {
    const { c, id, amount } = await requestFor();
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount }] });
    expect(done.status).toBe(200);
    expect(await check(ctx.app, { provider: 'kaspi', requestId: id, amount })).toEqual({ ok: false, reason: 'nothing_to_pay' });
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `R-${id}`, amount, canReject: true })).toEqual({
      outcome: 'rejected',
    });
    expect(await journalOf(id)).toEqual([]);
    expect((await requestRow(id)).status).toBe('cancelled');
    // The same money confirmed where refusing is not possible (or the request was cancelled): booked and returned.
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `R-${id}`, amount })).toEqual({ outcome: 'refunded' });
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `R-${id}`, amount })).toEqual({ outcome: 'duplicate' });
    const rows = await journalOf(id);
    expect(rows.map((r) => [r.amount, r.refundsId === null ? null : 'refund'])).toEqual([
      [amount, null],
      [-amount, 'refund'],
    ]);
    expect(rows[1]!.refundsId).toBe(rows[0]!.id);
    expect(fake.refunds).toContainEqual({ requestId: id, providerRef: `R-${id}`, amount });
    expect((await requestRow(id)).status).toBe('refunded');
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: 0 }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a second payment of a settled request is returned; a refund the provider refuses is listed for staff', async () => {
    const { id, amount } = await requestFor();
    expect((await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `A-${id}`, amount })).outcome).toBe('settled');
    fake.state.refuseRefunds = true;
    try {
      expect((await confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `B-${id}`, amount })).outcome).toBe('refunded');
    } finally {
      fake.state.refuseRefunds = false;
    }
    expect((await requestRow(id)).status).toBe('paid');
    expect((await journalOf(id)).map((r) => r.amount)).toEqual([amount, amount, -amount]);
    const diffs = await ctx.database.db.select().from(paymentDifferences).where(eq(paymentDifferences.requestId, id));
    expect(diffs.map((d) => [d.kind, d.detail.amount])).toEqual([['refund_failed', amount]]);
    await expectKeptEqualsJournal(ctx);
  });
});

describe('bursts', () => {
  it('20 identical confirmations at once settle once', async () => {
    const { c, id, amount } = await requestFor([1]);
    const input = { provider: 'kaspi' as const, requestId: id, providerRef: `P-${id}`, amount };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirm(ctx.app, input)));
    expect(outcomes.filter((o) => o.outcome === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(19);
    expect((await journalOf(id)).map((r) => r.amount)).toEqual([amount]);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: -amount }]);
    await expectKeptEqualsJournal(ctx);
  });

  it('a confirmation racing a cash hand-over of the same parcels: exactly one takes the money', async () => {
    for (let round = 0; round < 4; round++) {
      const { c, id, amount } = await requestFor([1]);
      const [settled, counter] = await Promise.all([
        confirm(ctx.app, { provider: 'kaspi', requestId: id, providerRef: `H-${id}`, amount }),
        m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount }] }),
      ]);
      const online = settled.outcome === 'settled';
      const cash = counter.status === 200;
      // One of them took it: the other was refused (the counter) or refunded (online).
      expect([online, cash].filter(Boolean)).toHaveLength(1);
      if (online) expect(counter.json.code).toBe('payment_too_much');
      else expect(settled.outcome).toBe('refunded');
      const balance = await m.call('GET', '/balance', { token: c.token });
      expect(balance.json.data.balances).toEqual([{ currency: c.lookup.currency, balance: online ? -amount : 0 }]);
    }
    await expectKeptEqualsJournal(ctx);
  });
});
