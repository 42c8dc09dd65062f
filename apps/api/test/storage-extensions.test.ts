import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, storageExtensionFee } from '@portal/contract';
import { branches, charges, orders, paymentRequests, payments } from '../src/db/schema';
import { check, confirm } from '../src/modules/online-payments/settlement';
import { parcelsIn } from './factories';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, recordingDriver } from './online-payments-helpers';

/**
 * Keeping a parcel longer online (ADR 093): the price is the contract's rule, the request carries the parcel and both
 * days, settlement moves the day exactly once with the payment and a storage charge (the balance nets to zero), the
 * counter then charges nothing for those days, and a hand-over racing it leaves one winner.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
let today: string;
const FEE = 10_000;
const fake = recordingDriver('kaspi');
beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = fake.driver;
  await enableProvider(ctx, staff.branchId, 'kaspi', { key: 'k' });
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  today = localDate(new Date(), b!.timeZone);
}, 240_000);
afterAll(async () => ctx.close());

/** A customer's parcel waiting at the demo branch whose last free day is `offset` days from today, at `fee` a day. */
async function waiting(offset: number, fee = FEE) {
  const c = await parcelsIn(ctx, 'at_branch', [1], { prefix: 'SX' });
  const storageUntil = addDays(today, offset);
  await ctx.database.db.update(orders).set({ storageUntil, storageFeePerDay: fee }).where(eq(orders.id, c.ids[0]!));
  return { c, id: c.ids[0]!, storageUntil };
}
const extend = (token: string, body: Record<string, unknown>, lang = 'en') =>
  m.call('POST', '/payments/storage-extensions', { token, body, lang });
const parcelRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const requestsOf = (userId: number) => ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, userId));

describe('asking', () => {
  it('offers the terms and prices the days by the contract rule (overdue days included)', async () => {
    const { c, id, storageUntil } = await waiting(-2);
    const offer = await m.call('GET', `/payments/storage-extensions/${id}`, { token: c.token });
    expect(offer.status).toBe(200);
    expect(offer.json.data).toMatchObject({ storage_until: storageUntil, fee_per_day: FEE, today, max_until: addDays(today, 30) });
    expect(offer.json.data.providers).toEqual(['kaspi']);
    const until = addDays(today, 3);
    const res = await extend(c.token, { parcel_id: id, until });
    expect(res.status).toBe(201);
    // The last free day was two days ago: yesterday (owed already), today and three more: 5 paid days.
    expect(storageExtensionFee({ storageUntil, storageFeePerDay: FEE }, until)).toEqual({ days: 5, fee: 5 * FEE });
    expect(res.json.data.request).toMatchObject({ amount: 5 * FEE, debt: 0, parcel_ids: [id], extension: { parcel_id: id, until } });
    expect(res.json.data.storage_until).toBeNull();
    // The waiting summary's "pay online" never reopens an extension request.
    const waitingRes = await m.call('GET', '/orders/waiting', { token: c.token });
    for (const row of waitingRes.json.data) expect(row.open_request_id ?? null).toBeNull();
    const again = await m.call('GET', `/payments/storage-extensions/${id}`, { token: c.token });
    expect(again.json.data.open_request_id).toBe(res.json.data.request.id);
  });

  it('free storage extends at once, without money', async () => {
    const { c, id } = await waiting(1, 0);
    const until = addDays(today, 10);
    const res = await extend(c.token, { parcel_id: id, until });
    expect([res.status, res.json.data]).toEqual([201, { request: null, storage_until: until }]);
    expect((await parcelRow(id)).storageUntil).toBe(until);
    expect(await requestsOf(c.user.id)).toEqual([]);
  });

  it('hostile input: 4xx in the caller’s language, nothing written', async () => {
    const { c, id, storageUntil } = await waiting(-5);
    const other = await waiting(2);
    const transit = await parcelsIn(ctx, 'in_transit', [1], { prefix: 'SX', owner: c });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ parcel_id: id, until: addDays(today, -1) }, 422, 'storage_extension_in_past'],
      [{ parcel_id: id, until: storageUntil }, 422, 'storage_extension_not_later'],
      [{ parcel_id: id, until: addDays(today, 31) }, 422, 'storage_extension_beyond_max'],
      [{ parcel_id: other.id, until: addDays(today, 5) }, 404, 'not_found'],
      [{ parcel_id: transit.ids[0], until: addDays(today, 5) }, 409, 'storage_extension_not_waiting'],
      [{ parcel_id: id, until: '2026-02-30' }, 422, 'validation_failed'],
      [{ parcel_id: id, until: 'tomorrow' }, 422, 'validation_failed'],
      [{ parcel_id: id, until: addDays(today, 3), extra: 1 }, 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const en = await extend(c.token, body, 'en');
      expect([en.status, en.json.code], JSON.stringify(body)).toEqual([status, code]);
      const kk = await extend(c.token, body, 'kk');
      expect(kk.json.message).not.toBe(en.json.message);
    }
    const past = await extend(c.token, { parcel_id: id, until: addDays(today, -1) }, 'ru');
    expect(past.json.message).toMatch(/прош/);
    expect(await requestsOf(c.user.id)).toEqual([]);
    expect((await parcelRow(id)).storageUntil).toBe(storageUntil);
    const anon = await m.call('GET', `/payments/storage-extensions/${id}`);
    expect(anon.status).toBe(401);
  });
});

describe('settling', () => {
  it('20 duplicate confirmations: one extension, one payment and one storage charge; the counter charges nothing', async () => {
    const { c, id, storageUntil } = await waiting(-1);
    const until = addDays(today, 4);
    const res = await extend(c.token, { parcel_id: id, until });
    const req = res.json.data.request as { id: string; amount: number };
    // The last free day was yesterday: today … today + 4 are paid, 5 days.
    expect(req.amount).toBe(5 * FEE);
    expect(await check(ctx.app, { provider: 'kaspi', requestId: req.id, amount: req.amount })).toEqual({ ok: true });
    const input = { provider: 'kaspi' as const, requestId: req.id, providerRef: `X-${req.id}`, amount: req.amount };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirm(ctx.app, input)));
    expect(outcomes.filter((o) => o.outcome === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(19);
    expect((await parcelRow(id)).storageUntil).toBe(until);
    const journal = await ctx.database.db.select().from(payments).where(eq(payments.requestId, req.id));
    expect(journal.map((p) => [p.method, p.amount, p.provider])).toEqual([['online', req.amount, 'kaspi']]);
    const charged = await ctx.database.db.select().from(charges).where(eq(charges.paymentRequestId, req.id));
    expect(charged.map((ch) => [ch.amount, ch.reason])).toEqual([[req.amount, 'storage_extension']]);
    const balance = await m.call('GET', '/balance', { token: c.token });
    expect(balance.json.data.balances.every((b: { balance: number }) => b.balance === 0)).toBe(true);
    await expectKeptEqualsJournal(ctx);

    // The counter: no storage for those days; the timeline says it, with the provider and its reference.
    const lookup = await m.lookup(staff.branch, { customer: c.user.client_code });
    expect(lookup.json.data.storage_fee).toBe(0);
    const timeline = await m.call('GET', `/orders/${id}/status/pending`, { token: c.token, lang: 'en' });
    const ev = timeline.json.data.history.find((e: { action: string }) => e.action === 'storage_extended');
    expect(ev.text).toContain(`Kaspi X-${req.id}`);
    expect((await parcelRow(id)).storageUntil).not.toBe(storageUntil);
    const view = await m.call('GET', `/payments/requests/${req.id}`, { token: c.token });
    expect(view.json.data).toMatchObject({ status: 'paid', extension: { parcel_id: id, until } });
  });

  it('an extension racing a hand-over of the parcel: exactly one wins, the other is refused or refunded', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const { c, id } = await waiting(-2);
      const res = await extend(c.token, { parcel_id: id, until: addDays(today, 2) });
      const req = res.json.data.request as { id: string; amount: number };
      const lookup = await m.lookup(staff.branch, { customer: c.user.client_code });
      const cash = lookup.json.data.total_minor + lookup.json.data.storage_fee;
      const [settled, counter] = await Promise.all([
        confirm(ctx.app, { provider: 'kaspi', requestId: req.id, providerRef: `R-${req.id}`, amount: req.amount }),
        m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: cash }] }),
      ]);
      const extended = settled.outcome === 'settled';
      expect([extended, counter.status === 200].filter(Boolean)).toHaveLength(1);
      if (extended) expect(counter.json.code).toBe('payment_too_much');
      else {
        expect(settled.outcome).toBe('refunded');
        const row = (await requestsOf(c.user.id)).find((r) => r.id === req.id)!;
        expect([row.status, row.reason]).toEqual(['refunded', 'parcels_gone']);
        expect(fake.refunds.some((f) => f.requestId === req.id)).toBe(true);
        expect(await ctx.database.db.select().from(charges).where(eq(charges.paymentRequestId, req.id))).toEqual([]);
      }
      seen.add(extended ? 'extension' : 'counter');
      const balance = await m.call('GET', '/balance', { token: c.token });
      expect(balance.json.data.balances.every((b: { balance: number }) => b.balance === 0)).toBe(true);
    }
    await expectKeptEqualsJournal(ctx);
  });

  it('a parcel handed over before the money came: refused where the provider can, else refunded', async () => {
    const { c, id } = await waiting(-1);
    const res = await extend(c.token, { parcel_id: id, until: addDays(today, 1) });
    const req = res.json.data.request as { id: string; amount: number };
    const lookup = await m.lookup(staff.branch, { customer: c.user.client_code });
    const done = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [{ method: 'cash', amount: lookup.json.data.total_minor + lookup.json.data.storage_fee }],
    });
    expect(done.status).toBe(200);
    expect(await check(ctx.app, { provider: 'kaspi', requestId: req.id, amount: req.amount })).toEqual({
      ok: false,
      reason: 'nothing_to_pay',
    });
    const input = { provider: 'kaspi' as const, requestId: req.id, providerRef: `G-${req.id}`, amount: req.amount };
    expect(await confirm(ctx.app, { ...input, canReject: true })).toEqual({ outcome: 'rejected' });
    expect(await confirm(ctx.app, input)).toEqual({ outcome: 'refunded' });
    expect(await confirm(ctx.app, input)).toEqual({ outcome: 'duplicate' });
    expect((await parcelRow(id)).storageUntil).toBe(addDays(today, -1));
    expect(
      await ctx.database.db
        .select()
        .from(charges)
        .where(and(eq(charges.userId, c.user.id), eq(charges.reason, 'storage_extension'))),
    ).toEqual([]);
    await expectKeptEqualsJournal(ctx);
  });
});
