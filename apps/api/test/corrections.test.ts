import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFor, toMajor, toMinor, volumetricWeightKg } from '@portal/contract';
import { auditLog, branches, charges, customerBalances, customerTotals, notifications, orders, payments } from '../src/db/schema';
import { expectAdminOnly } from './admin-helpers';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/** Admin corrections of a parcel (issue 12): weight, dimensions, price, status one step, undo of a hand-over. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
/** The branch's tariff as answers carry it (major units; the column keeps minor units). */
let tariff: number;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  tariff = toMajor(b!.tariff);
});
afterAll(async () => ctx.close());

type Stage = 'china_warehouse' | 'in_transit' | 'at_branch';

/** A customer of the demo branch (their account in English) with parcels brought to `stage`. */
const customerWith = (weights: number[], stage: Stage, dimensions?: { length: number; width: number; height: number }) =>
  parcelsIn(ctx, stage, weights, { prefix: 'CR', dimensions, customer: { lang: 'en' } });

/** The parcel as staff see it (admin), with its history. */
async function staffView(code: string, token = staff.admin) {
  const res = await m.call('GET', `/manage/parcel?code=${code}`, { token, lang: 'en' });
  expect(res.status).toBe(200);
  return res.json.data as {
    parcel: Record<string, any>;
    history: { action: string; details: Record<string, any>; text?: string | null }[];
  };
}

const correct = (id: number, body: Record<string, unknown>, token = staff.admin, lang?: string) =>
  m.call('POST', `/manage/parcels/${id}/corrections`, { token, body, lang });

/** A correction of the parcel with this code, with its current version. */
async function correctNow(code: string, body: Record<string, unknown>, lang = 'en') {
  const { parcel } = await staffView(code);
  return correct(parcel.id, { reason: 'Re-weighed at the counter', updated_at: parcel.updated_at, ...body }, staff.admin, lang);
}

const correctionMessages = async (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'order_corrected')));

/** The customer's notifications as the portal lists them (in their language). */
async function listedMessages(token: string) {
  const res = await m.call('GET', '/auth/user', { token });
  expect(res.status, res.body).toBe(200);
  return JSON.stringify(res.json.data.notifications);
}

const timeline = async (token: string, id: number, lang = 'en') =>
  (await m.call('GET', `/orders/${id}/status/pending`, { token, lang })).json.data as {
    history: { action: string; text?: string | null }[];
    steps: { status: { code: string }; done: boolean }[];
  };

const journalBalance = async (userId: number) =>
  (await m.call('GET', '/balance', { token: await tokenOf(userId) })).json.data.balances as { currency: string; balance: number }[];
const tokens = new Map<number, string>();
const tokenOf = async (userId: number) => tokens.get(userId)!;

describe('parcel corrections', () => {
  it('is admin only (signed out 401; customer, warehouse and branch staff 403)', async () => {
    const c = await customerWith([1], 'china_warehouse');
    const { parcel } = await staffView(c.codes[0]!);
    const body = { kind: 'weight', weight: 1.5, reason: 'Scale was off', updated_at: parcel.updated_at };
    const admin = await expectAdminOnly(
      ctx,
      { customer: c.token, warehouse: staff.warehouse, branch: staff.branch, admin: staff.admin },
      'POST',
      `/manage/parcels/${parcel.id}/corrections`,
      body,
    );
    expect(admin.status).toBe(200);
    expect(admin.json.data.parcel.weight).toBe(1.5);
  });

  it('requires a reason of 3–500 characters after trimming; an unknown parcel is 404', async () => {
    const c = await customerWith([1], 'china_warehouse');
    const { parcel } = await staffView(c.codes[0]!);
    const base = { kind: 'weight', weight: 1.2, updated_at: parcel.updated_at };
    for (const reason of [undefined, '', '   ', ' ab ', 'x'.repeat(501)]) {
      const res = await correct(parcel.id, { ...base, reason });
      expect(res.status, JSON.stringify(reason)).toBe(422);
      expect(res.json.errors.reason).toBeTruthy();
    }
    expect((await correct(parcel.id, { ...base, reason: 'abc', updated_at: 'yesterday' })).status).toBe(422);
    expect((await correct(parcel.id, { ...base, kind: 'volume', reason: 'abc' })).status).toBe(422);
    expect((await correct(999_999_999, { ...base, reason: 'abc' })).status).toBe(404);
    // Nothing changed, nobody was told.
    expect((await staffView(c.codes[0]!)).parcel.weight).toBe(1);
    expect(await correctionMessages(c.user.id)).toHaveLength(0);
  });

  it('weight of a parcel at the branch: reprices by the arrival rule; staff see the reason, the customer a sentence, told once', async () => {
    const c = await customerWith([2.4], 'at_branch');
    const before = await staffView(c.codes[0]!);
    expect(before.parcel.price).toBe(priceFor(2.4, tariff));
    const res = await correctNow(c.codes[0]!, { kind: 'weight', weight: '2,1', reason: '  Scale at Guangzhou was off by 300 g  ' });
    expect(res.status).toBe(200);
    expect(res.json.data.parcel).toMatchObject({ weight: 2.1, price: priceFor(2.1, tariff), status: 'at_branch' });
    expect(res.json.data.parcel.updated_at).not.toBe(before.parcel.updated_at);

    const after = await staffView(c.codes[0]!);
    const event = after.history.at(-1)!;
    expect(event.action).toBe('corrected');
    expect(event.details.reason).toBe('Scale at Guangzhou was off by 300 g');
    expect(event.details.kind).toBe('weight');
    expect(event.text).toContain('2.4 kg → 2.1 kg');

    const t = await timeline(c.token, c.ids[0]!);
    const seen = t.history.at(-1)!;
    expect(seen.action).toBe('corrected');
    expect(seen.text).toMatch(/^Weight corrected: 2\.4 kg → 2\.1 kg\. To pay: /);
    expect(JSON.stringify(t)).not.toContain('Scale at Guangzhou');
    const ru = await timeline(c.token, c.ids[0]!, 'ru');
    expect(ru.history.at(-1)!.text).toContain('Вес исправлен: 2,4 кг → 2,1 кг');
    const kk = await timeline(c.token, c.ids[0]!, 'kk');
    expect(kk.history.at(-1)!.text).toContain('Салмағы түзетілді');

    const messages = await correctionMessages(c.user.id);
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0]!.params)).not.toContain('Scale at Guangzhou');
    expect(await listedMessages(c.token)).toContain('Weight corrected: 2.4 kg → 2.1 kg');

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parcel.corrected'), eq(auditLog.targetId, String(c.ids[0]))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ weight: 2.4, status: 'at_branch' });
    expect(audit[0]!.after).toMatchObject({ weight: 2.1, reason: 'Scale at Guangzhou was off by 300 g' });
  });

  it('dimensions use the divisor kept on the parcel; an unpriced parcel stays unpriced; the same value is refused', async () => {
    const c = await customerWith([1], 'china_warehouse', { length: 30, width: 20, height: 10 });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, c.ids[0]!));
    const divisor = row!.volumetricDivisor!;
    await ctx.database.db.execute(sql`update settings set value = '5000'::jsonb where key = 'volumetric_divisor'`);
    try {
      const dims = { length: 60, width: 40, height: 30 };
      const res = await correctNow(c.codes[0]!, { kind: 'dimensions', dimensions: dims });
      expect(res.status).toBe(200);
      const w = res.json.data.parcel.weights;
      expect(w).toMatchObject({ dimensions: dims, volumetric_divisor: divisor, charged_by: 'volumetric' });
      expect(w.volumetric_weight).toBe(volumetricWeightKg(dims, divisor));
      expect(res.json.data.parcel.price).toBeNull();
      const same = await correctNow(c.codes[0]!, { kind: 'dimensions', dimensions: dims });
      expect(same.status).toBe(422);
      expect(same.json.code).toBe('correction_no_change');
      const t = await timeline(c.token, c.ids[0]!);
      expect(t.history.at(-1)!.text).toContain('30 × 20 × 10 cm → 60 × 40 × 30 cm');
      // Removing them charges the actual weight again.
      const cleared = await correctNow(c.codes[0]!, { kind: 'dimensions', dimensions: null });
      expect(cleared.json.data.parcel.weights).toMatchObject({ dimensions: null, volumetric_weight: null, charged_by: 'actual' });
    } finally {
      await ctx.database.db.execute(sql`update settings set value = '6000'::jsonb where key = 'volumetric_divisor'`);
    }
    // At the branch the dimensions reprice by the chargeable weight.
    const d = await customerWith([1], 'at_branch');
    const dims = { length: 50, width: 40, height: 30 };
    const priced = await correctNow(d.codes[0]!, { kind: 'dimensions', dimensions: dims });
    expect(priced.status).toBe(200);
    expect(priced.json.data.parcel.price).toBe(priceFor(volumetricWeightKg(dims, 6000)!, tariff));
  });

  it('price: set directly on a priced parcel, refused on an unpriced one and after the hand-over', async () => {
    const c = await customerWith([1], 'in_transit');
    const unpriced = await correctNow(c.codes[0]!, { kind: 'price', amount: 150000 });
    expect(unpriced.status).toBe(409);
    expect(unpriced.json.code).toBe('correction_unpriced');
    expect(unpriced.json.message).toMatch(/no price yet/);
    const ru = await correctNow(c.codes[0]!, { kind: 'price', amount: 150000 }, 'ru');
    expect(ru.json.message).toMatch(/ещё нет стоимости/);

    const d = await customerWith([1], 'at_branch');
    const res = await correctNow(d.codes[0]!, { kind: 'price', amount: 150050 });
    expect(res.status).toBe(200);
    expect(res.json.data.parcel.price).toBe(1500.5);
    const t = await timeline(d.token, d.ids[0]!);
    // The contract's formatter: the currency's sign after a no-break space, as the notification's details show it.
    expect(t.history.at(-1)!.text).toMatch(/^Price corrected: .* → 1,500\.5\u00a0₸\.$/);
    const handed = await m.complete(staff.branch, { customer_id: d.user.id, payments: [{ method: 'cash', amount: 150050 }] });
    expect(handed.status).toBe(200);
    expect(handed.json.data.total).toBe(1500.5);
    const after = await correctNow(d.codes[0]!, { kind: 'weight', weight: 3 });
    expect(after.status).toBe(409);
    expect(after.json.code).toBe('correction_after_handover');
  });

  it('status moves one step at a time, forward and back, setting and clearing the step timestamps', async () => {
    const c = await customerWith([2], 'china_warehouse');
    const code = c.codes[0]!;
    const jump = await correctNow(code, { kind: 'status', status: 'at_branch' });
    expect(jump.status).toBe(409);
    expect(jump.json.code).toBe('correction_not_one_step');
    expect((await correctNow(code, { kind: 'status', status: 'china_warehouse' })).json.code).toBe('correction_not_one_step');
    expect((await correctNow(code, { kind: 'undo_handover' })).json.code).toBe('correction_not_delivered');

    const sent = await correctNow(code, { kind: 'status', status: 'in_transit' });
    expect(sent.status).toBe(200);
    expect(sent.json.data.parcel).toMatchObject({ status: 'in_transit' });
    expect(sent.json.data.parcel.dispatched_at).not.toBeNull();

    const arrived = await correctNow(code, { kind: 'status', status: 'at_branch' });
    expect(arrived.status).toBe(200);
    expect(arrived.json.data.parcel).toMatchObject({ status: 'at_branch', price: priceFor(2, tariff), tariff });
    expect(arrived.json.data.parcel.arrived_at).not.toBeNull();
    expect(arrived.json.data.parcel.storage_until).not.toBeNull();
    expect((await correctNow(code, { kind: 'status', status: 'delivered' })).json.code).toBe('correction_use_handover');

    const back = await correctNow(code, { kind: 'status', status: 'in_transit' });
    expect(back.json.data.parcel).toMatchObject({ status: 'in_transit', price: null, arrived_at: null, storage_until: null });
    const home = await correctNow(code, { kind: 'status', status: 'china_warehouse' });
    expect(home.json.data.parcel).toMatchObject({ status: 'china_warehouse', dispatched_at: null });

    const t = await timeline(c.token, c.ids[0]!);
    expect(t.steps.filter((s) => s.done).map((s) => s.status.code)).toEqual(['china_warehouse']);
    expect(t.history.at(-1)!.text).toBe('Status corrected: on its way → at the China warehouse.');
    expect(await correctionMessages(c.user.id)).toHaveLength(4);

    // An unclaimed parcel cannot be sent on before it has an owner.
    const loose = newCode('CU');
    await m.receive(staff.warehouse, { track_code: loose, weight: 1 });
    expect((await correctNow(loose, { kind: 'status', status: 'in_transit' })).json.code).toBe('correction_unowned');
  });

  it('undo of a hand-over: its parcels wait at the branch again, charge reversed and payments returned, balance as before, told once', async () => {
    const c = await customerWith([1, 2, 3], 'at_branch');
    tokens.set(c.user.id, c.token);
    // An older debt the hand-over partly paid off: the undo brings it back exactly.
    const first = await m.complete(staff.branch, { customer_id: c.user.id, order_ids: [c.ids[2]], payments: [], accept_debt: true });
    expect(first.status).toBe(200);
    const debtBefore = (await journalBalance(c.user.id))[0]!.balance;
    expect(debtBefore).toBe(first.json.data.total_minor);

    const total = toMinor(priceFor(1, tariff)) + toMinor(priceFor(2, tariff));
    const handed = await m.complete(staff.branch, {
      customer_id: c.user.id,
      order_ids: [c.ids[0], c.ids[1]],
      payments: [
        { method: 'cash', amount: total },
        { method: 'card', amount: 1000 },
      ],
    });
    expect(handed.status).toBe(200);
    const receiptId = handed.json.data.id as number;
    expect((await journalBalance(c.user.id))[0]!.balance).toBe(debtBefore - 1000);
    const messagesBefore = (await correctionMessages(c.user.id)).length;

    const res = await correctNow(c.codes[0]!, { kind: 'undo_handover', reason: 'Handed to the wrong person' });
    expect(res.status).toBe(200);
    expect(res.json.data.parcel).toMatchObject({ status: 'at_branch', delivered_at: null, receipt_id: null });
    expect(res.json.data.order_ids.sort()).toEqual([c.ids[0], c.ids[1]].sort());
    expect(res.json.data.undone_receipt).toMatchObject({ id: receiptId, charge_reversed: total, payments_returned: total + 1000 });

    // The other parcel of that receipt is back too; the first hand-over is untouched.
    expect((await staffView(c.codes[1]!)).parcel.status).toBe('at_branch');
    expect((await staffView(c.codes[2]!)).parcel.status).toBe('delivered');

    // Money: a negative charge naming the charge, negative payments naming each payment, with the reason.
    const chargeRows = await ctx.database.db.select().from(charges).where(eq(charges.receiptId, receiptId));
    expect(chargeRows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-total, total]);
    expect(chargeRows.find((r) => r.amount < 0)).toMatchObject({ reason: 'Handed to the wrong person' });
    const payRows = await ctx.database.db.select().from(payments).where(eq(payments.receiptId, receiptId));
    const returned = payRows.filter((p) => p.amount < 0);
    expect(returned.map((p) => [p.method, p.amount]).sort()).toEqual([
      ['card', -1000],
      ['cash', -total],
    ]);
    for (const r of returned) {
      expect(r.reason).toBe('Handed to the wrong person');
      expect(payRows.find((p) => p.id === r.reversesId)!.amount).toBe(-r.amount);
    }
    // Balance back to what it was before the hand-over, journal and kept balance alike.
    expect((await journalBalance(c.user.id))[0]!.balance).toBe(debtBefore);
    const kept = await ctx.database.db.select().from(customerBalances).where(eq(customerBalances.userId, c.user.id));
    expect(kept.reduce((s, k) => s + k.balance, 0)).toBe(debtBefore);
    const totals = await ctx.database.db.select().from(customerTotals).where(eq(customerTotals.userId, c.user.id));
    expect(totals.reduce((s, k) => s + k.balance, 0)).toBe(debtBefore);
    const history = (await m.call('GET', '/balance', { token: c.token })).json.data.history as { kind: string; amount: number }[];
    expect(history.filter((h) => h.kind === 'charge_reversal').map((h) => h.amount)).toEqual([-total]);

    // The receipt stays, showing it was undone; nothing remains owed of it.
    const receipt = await m.call('GET', `/receipts/${receiptId}`, { token: c.token });
    expect(receipt.status).toBe(200);
    expect(receipt.json.data.undone_at).not.toBeNull();
    expect(receipt.json.data).toMatchObject({ paid: 0, remaining: 0 });

    // Told once for the whole hand-over; the reason only for staff.
    const messages = await correctionMessages(c.user.id);
    expect(messages.length - messagesBefore).toBe(1);
    const listed = await listedMessages(c.token);
    expect(listed).toContain('Hand-over cancelled');
    expect(listed).not.toContain('wrong person');
    const staffEvents = (await staffView(c.codes[1]!)).history.filter((e) => e.action === 'corrected');
    expect(staffEvents).toHaveLength(1);
    expect(staffEvents[0]!.details.reason).toBe('Handed to the wrong person');
    const seen = (await timeline(c.token, c.ids[1]!)).history.at(-1)!;
    expect(seen.text).toMatch(/^Hand-over cancelled/);

    // A second undo has nothing to undo; the parcels can be handed over again.
    expect((await correctNow(c.codes[0]!, { kind: 'undo_handover' })).json.code).toBe('correction_not_delivered');
    const again = await m.complete(staff.branch, {
      customer_id: c.user.id,
      order_ids: [c.ids[0], c.ids[1]],
      payments: [{ method: 'cash', amount: total }],
    });
    expect(again.status).toBe(200);
    expect((await journalBalance(c.user.id))[0]!.balance).toBe(debtBefore);

    // Status back from delivered is the same undo.
    const back = await correctNow(c.codes[2]!, { kind: 'status', status: 'at_branch', reason: 'Never collected' });
    expect(back.status).toBe(200);
    expect(back.json.data.undone_receipt).toMatchObject({
      id: first.json.data.id,
      charge_reversed: first.json.data.total_minor,
      payments_returned: 0,
    });
    expect((await journalBalance(c.user.id))[0]!.balance).toBe(0);
    expect(toMajor(first.json.data.total_minor)).toBe(first.json.data.total);
  });

  it('a correction based on an older version is refused (409 stale_write)', async () => {
    const c = await customerWith([1], 'china_warehouse');
    const { parcel } = await staffView(c.codes[0]!);
    const body = { kind: 'weight', reason: 'Re-weighed', updated_at: parcel.updated_at };
    expect((await correct(parcel.id, { ...body, weight: 1.1 })).status).toBe(200);
    const stale = await correct(parcel.id, { ...body, weight: 1.2 });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
    expect((await staffView(c.codes[0]!)).parcel.weight).toBe(1.1);
  });

  it('two simultaneous corrections of one parcel: one wins, the other is stale', async () => {
    for (let round = 0; round < 3; round += 1) {
      const c = await customerWith([1, 2], 'at_branch');
      await m.complete(staff.branch, {
        customer_id: c.user.id,
        payments: [{ method: 'cash', amount: toMinor(priceFor(1, tariff)) + toMinor(priceFor(2, tariff)) }],
      });
      const { parcel } = await staffView(c.codes[0]!);
      const body = { reason: 'Concurrent admins', updated_at: parcel.updated_at };
      const results = await Promise.all([
        correct(parcel.id, { ...body, kind: 'undo_handover' }),
        correct(parcel.id, { ...body, kind: 'status', status: 'at_branch' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.json.code).toBe('stale_write');
      // The money was reversed once.
      const neg = await ctx.database.db
        .select()
        .from(charges)
        .where(and(eq(charges.userId, c.user.id), sql`${charges.amount} < 0`));
      expect(neg).toHaveLength(1);
      expect(await correctionMessages(c.user.id)).toHaveLength(1);

      const { parcel: p2 } = await staffView(c.codes[0]!);
      const weights = await Promise.all(
        [1.25, 1.5].map((weight) => correct(p2.id, { kind: 'weight', weight, reason: 'Concurrent admins', updated_at: p2.updated_at })),
      );
      expect(weights.map((r) => r.status).sort()).toEqual([200, 409]);
    }
  });
});
