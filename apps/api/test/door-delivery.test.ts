import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { doorDeliveryFeeMinor, DOOR_CODE_MAX_ATTEMPTS, formatMoney, normalizePostcode, toMajor, type TDoorStop } from '@portal/contract';
import { doorDeliveries, notificationDeliveries, notifications, orders, receipts } from '../src/db/schema';
import { calendarDate, renderMessage } from '../src/modules/notifications/notification-texts';
import { parcelIn } from './factories';
import { client, createTestApp, type TestContext } from './helpers';
import { staffTokens, type Staff } from './manage-helpers';

/**
 * Door delivery (issue 37, ADR 094): zones by postcode priced by the contract's rule, the customer's request, the
 * branch's courier, the code at the door (tries limited under a burst, single use), the close through the hand-over
 * (one winner), a failed attempt leaving the parcel waiting, hostile input refused.
 */
let ctx: TestContext;
let staff: Staff;
let call: ReturnType<typeof client>;
let courierId: number;
const BASE = 100_000; // 1 000 ₸
const PER_KG = 25_050; // 250,50 ₸ per kg

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  call = client(ctx.app);
  courierId = (await call('GET', '/auth/user', { token: staff.branch })).json.data.id;
  const zone = await call('POST', '/admin/delivery-zones', {
    token: staff.admin,
    body: { branch_id: staff.branchId, name: 'Centre', postcodes: ['050000', '050 010'], base_price: BASE, per_kg_price: PER_KG },
  });
  expect(zone.status, JSON.stringify(zone.json)).toBe(201);
  expect(zone.json.data.postcodes).toEqual(['050000', '050010']);
}, 240_000);
afterAll(async () => ctx.close());

const waiting = (weight = 2) => parcelIn(ctx, 'at_branch', { customer: { branchId: staff.branchId }, weight });
const address = { street: 'Abay avenue', building: '10', apartment: '5', postcode: '050000', note: 'Ring twice' };
async function requested(weight = 2) {
  const p = await waiting(weight);
  const quote = await call('POST', '/door-deliveries/quote', { token: p.token, body: { order_id: p.id, postcode: '050000' } });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const res = await call('POST', '/door-deliveries', { token: p.token, body: { ...address, order_id: p.id, fee: quote.json.data.fee } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { p, id: res.json.data.id as number, fee: quote.json.data.fee as number };
}
const today = () => new Date().toISOString().slice(0, 10);
const assign = (id: number, token = staff.branch, courier = courierId) =>
  call('POST', `/manage/door-deliveries/${id}/assign`, { token, body: { courier_user_id: courier, date: today() } });
async function out(weight = 2) {
  const r = await requested(weight);
  expect((await assign(r.id)).status).toBe(200);
  const res = await call('POST', `/manage/door-deliveries/${r.id}/out`, { token: staff.branch, body: {} });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const sms = ctx.sms.sent.filter((m) => m.purpose === 'door_delivery' && m.to === r.p.user.phone_number).at(-1)!;
  return { ...r, code: sms.code!, stop: res.json.data as TDoorStop, sms };
}
const deliver = (id: number, code: string, payments?: unknown, token = staff.branch) =>
  call('POST', `/manage/door-deliveries/${id}/deliver`, {
    token,
    body: { code, ...(payments ? { payments } : {}), ...(token === staff.admin ? { branch_id: staff.branchId } : {}) },
  });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the price (the contract rule)', () => {
  it('is the base plus the per-kg price times the chargeable weight, rounded once to the currency step', () => {
    // 2 kg actual: 1 000 ₸ + 2 × 250,50 ₸ = 1 501 ₸.
    expect(doorDeliveryFeeMinor({ base_price: BASE, per_kg_price: PER_KG }, { weight: 2 }, 'KZT')).toBe(150_100);
    // 1 kg actual but 40×30×20 cm = 4 kg volumetric: 1 000 ₸ + 4 × 250,50 ₸ = 2 002 ₸.
    const bulky = { weight: 1, dimensions: { length: 40, width: 30, height: 20 } };
    expect(doorDeliveryFeeMinor({ base_price: BASE, per_kg_price: PER_KG }, bulky, 'KZT')).toBe(200_200);
    // 1,5 kg × 250,50 = 375,75 → 376 ₸ (whole tenge), in other currencies the smallest coin.
    expect(doorDeliveryFeeMinor({ base_price: 0, per_kg_price: PER_KG }, { weight: 1.5 }, 'KZT')).toBe(37_600);
    expect(doorDeliveryFeeMinor({ base_price: 0, per_kg_price: PER_KG }, { weight: 1.5 }, 'USD')).toBe(37_575);
    expect(normalizePostcode(' 050-000 ')).toBe('050000');
  });

  it('the quote uses the parcel and the zone of its postcode; outside every active zone is refused clearly', async () => {
    const p = await waiting(2);
    const q = await call('POST', '/door-deliveries/quote', { token: p.token, body: { order_id: p.id, postcode: '050 010' } });
    expect(q.json.data).toMatchObject({ fee: 150_100, chargeable_weight: 2, currency: 'KZT', zone: { name: 'Centre' } });
    const far = await call('POST', '/door-deliveries/quote', { token: p.token, body: { order_id: p.id, postcode: '999999' }, lang: 'ru' });
    expect([far.status, far.json.code]).toEqual([422, 'door_outside_zones']);
    expect(far.json.message).toMatch(/индекс/);
    // A zone of another branch does not serve this parcel.
    await call('POST', '/admin/delivery-zones', {
      token: staff.admin,
      body: { branch_id: staff.otherBranchId, name: 'Far', postcodes: ['777777'], base_price: 1, per_kg_price: 1 },
    });
    const other = await call('POST', '/door-deliveries/quote', { token: p.token, body: { order_id: p.id, postcode: '777777' } });
    expect(other.json.code).toBe('door_outside_zones');
  });
});

describe('the customer asks', () => {
  it('once per parcel, with the price shown; not for a parcel not waiting, nor for anyone else', async () => {
    const { p, id } = await requested();
    const again = await call('POST', '/door-deliveries', { token: p.token, body: { ...address, order_id: p.id, fee: 150_100 } });
    expect([again.status, again.json.code]).toEqual([409, 'door_exists']);
    const mine = await call('GET', `/door-deliveries?order_id=${p.id}`, { token: p.token });
    expect(mine.json.data).toMatchObject({ id, state: 'requested', phone: p.user.phone_number, fee: 150_100, apartment: '5' });
    const stranger = await waiting();
    expect((await call('GET', `/door-deliveries?order_id=${p.id}`, { token: stranger.token })).status).toBe(404);
    const s2 = await call('POST', '/door-deliveries', { token: stranger.token, body: { ...address, order_id: p.id, fee: 150_100 } });
    expect(s2.status).toBe(404);
    const changed = await call('POST', '/door-deliveries', { token: stranger.token, body: { ...address, order_id: stranger.id, fee: 1 } });
    expect([changed.status, changed.json.code]).toEqual([409, 'door_fee_changed']);
    const inTransit = await parcelIn(ctx, 'in_transit', { customer: { branchId: staff.branchId } });
    const no = await call('POST', '/door-deliveries/quote', {
      token: inTransit.token,
      body: { order_id: inTransit.id, postcode: '050000' },
    });
    expect([no.status, no.json.code]).toEqual([422, 'door_not_allowed']);
  });

  it('ten simultaneous requests for one parcel make one delivery', async () => {
    const p = await waiting(2);
    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/door-deliveries', { token: p.token, body: { ...address, order_id: p.id, fee: 150_100 } }),
      ),
    );
    expect(all.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await ctx.database.db.select().from(doorDeliveries).where(eq(doorDeliveries.orderId, p.id))).toHaveLength(1);
  });

  it('hostile input is a clear 4xx and writes nothing', async () => {
    const p = await waiting();
    const bad = [
      { ...address, order_id: p.id, fee: 150_100, street: 'x'.repeat(5000) },
      { ...address, order_id: p.id, fee: 150_100, postcode: "0500'; drop table orders;--" },
      { ...address, order_id: p.id, fee: -5 },
      { ...address, order_id: 'abc', fee: 150_100 },
      { ...address, order_id: p.id, fee: 150_100, phone: 'not a phone' },
      { ...address, order_id: p.id, fee: 150_100, extra: true },
      { ...address, order_id: 2 ** 40, fee: 150_100 },
    ];
    for (const body of bad) {
      const res = await call('POST', '/door-deliveries', { token: p.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await ctx.database.db.select().from(doorDeliveries).where(eq(doorDeliveries.orderId, p.id))).toHaveLength(0);
    const zone = await call('POST', '/admin/delivery-zones', {
      token: staff.admin,
      body: { branch_id: staff.branchId, name: '<b>x</b>', postcodes: ['!!'], base_price: -1, per_kg_price: 1.5 },
    });
    expect(zone.status).toBe(422);
    expect((await call('POST', '/admin/delivery-zones', { token: staff.branch, body: {} })).status).toBe(403);
    expect((await call('POST', `/manage/door-deliveries/1/deliver`, { token: staff.branch, body: { code: '12ab56' } })).status).toBe(422);
  });

  it('cancels before the courier sets out, not after', async () => {
    const r = await requested();
    expect((await call('POST', `/door-deliveries/${r.id}/cancel`, { token: r.p.token })).json.data.state).toBe('cancelled');
    const o = await out();
    const late = await call('POST', `/door-deliveries/${o.id}/cancel`, { token: o.p.token });
    expect([late.status, late.json.code]).toEqual([409, 'door_state']);
  });
});

describe('the branch and its courier', () => {
  it("assigns only the branch's own staff; another branch sees none of its stops", async () => {
    const r = await requested();
    const list = await call('GET', '/manage/door-deliveries', { token: staff.branch });
    expect((list.json.data as TDoorStop[]).some((s) => s.id === r.id)).toBe(true);
    const bad = await assign(r.id, staff.branch, r.p.user.id);
    expect(bad.status).toBe(422);
    expect((await assign(r.id, staff.otherBranch)).status).toBe(404);
    const ok = await assign(r.id);
    expect(ok.json.data).toMatchObject({ state: 'assigned', courier_user_id: courierId, date: today() });
    const route = await call('GET', '/manage/door-deliveries?view=route', { token: staff.branch });
    const stop = (route.json.data as TDoorStop[]).find((s) => s.id === r.id)!;
    expect(stop).toMatchObject({ phone: r.p.user.phone_number, street: 'Abay avenue', building: '10', postcode: '050000' });
    expect(stop.to_collect).toBeGreaterThanOrEqual(r.fee);
  });

  it("sets out: the code goes by SMS in the customer's language and is kept only hashed", async () => {
    const o = await out();
    expect(o.code).toMatch(/^\d{6}$/);
    expect(o.sms.text).toContain(o.code);
    const [row] = await ctx.database.db.select().from(doorDeliveries).where(eq(doorDeliveries.id, o.id));
    expect(row!.codeHash).not.toContain(o.code);
    expect(row!.state).toBe('out');
  });

  it(`a burst of wrong codes gets at most ${DOOR_CODE_MAX_ATTEMPTS} tries; then even the right code is refused`, async () => {
    const o = await out();
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(o.id, wrong(o.code))));
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.json.code === 'code_invalid').length).toBeLessThanOrEqual(DOOR_CODE_MAX_ATTEMPTS);
    const [row] = await ctx.database.db.select().from(doorDeliveries).where(eq(doorDeliveries.id, o.id));
    expect(row!.codeAttempts).toBe(DOOR_CODE_MAX_ATTEMPTS);
    const right = await deliver(o.id, o.code, [{ method: 'cash', amount: o.stop.to_collect }]);
    expect(right.json.code).toBe('code_attempts_exceeded');
    const [p] = await ctx.database.db.select().from(orders).where(eq(orders.id, o.p.id));
    expect(p!.deliveredAt).toBeNull();
  });

  it('the right code with cash delivers through the hand-over: receipt with the fee and the courier, cash in the day; the code is single use', async () => {
    const before = (await call('GET', '/manage/day-close', { token: staff.branch })).json.data.expected.cash ?? 0;
    const o = await out();
    const res = await deliver(o.id, o.code, [{ method: 'cash', amount: o.stop.to_collect }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.id, res.json.data.id));
    expect(receipt).toMatchObject({ doorFee: o.fee, total: o.stop.to_collect });
    expect(receipt!.doorCourier).toBeTruthy();
    // The PDF receipt adds up as the screen does: the fee is a line of its own, naming the courier.
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/receipts/${receipt!.id}.pdf`,
      headers: { authorization: `Bearer ${o.p.token}`, 'accept-language': 'ru' },
    });
    expect(file.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const pdf = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(pdf).toContain(`Доставлено до двери курьером ${receipt!.doorCourier}`);
    expect(pdf).toContain(formatMoney(toMajor(o.fee), 'KZT', 'ru').replace(/\s+/g, ' '));
    const after = (await call('GET', '/manage/day-close', { token: staff.branch })).json.data.expected.cash;
    expect(after - before).toBe(o.stop.to_collect);
    const seen = await call('GET', `/door-deliveries?order_id=${o.p.id}`, { token: o.p.token });
    expect(seen.json.data).toMatchObject({ state: 'delivered', receipt_id: receipt!.id });
    const again = await deliver(o.id, o.code, [{ method: 'cash', amount: o.stop.to_collect }]);
    expect([again.status, again.json.code]).toEqual([409, 'door_state']);
  });

  it('two closing the same stop at once: one wins, one receipt', async () => {
    const o = await out();
    const pay = [{ method: 'cash', amount: o.stop.to_collect }];
    const answers = await Promise.all([
      deliver(o.id, o.code, pay),
      deliver(o.id, o.code, pay, staff.admin),
      deliver(o.id, o.code, pay),
      deliver(o.id, o.code, pay, staff.admin),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.json.code])).toEqual(Array(3).fill([409, expect.any(String)]));
    expect(await ctx.database.db.select().from(receipts).where(eq(receipts.userId, o.p.user.id))).toHaveLength(1);
  });

  it('a failed attempt with its reason leaves the parcel waiting on the branch; the customer may ask again', async () => {
    const o = await out();
    const failed = await call('POST', `/manage/door-deliveries/${o.id}/fail`, { token: staff.branch, body: { reason: 'not_home' } });
    expect(failed.json.data).toMatchObject({ state: 'failed', fail_reason: 'not_home' });
    const [p] = await ctx.database.db.select().from(orders).where(eq(orders.id, o.p.id));
    expect(p!.deliveredAt).toBeNull();
    expect(p!.receiptId).toBeNull();
    const code = await deliver(o.id, o.code);
    expect(code.json.code).toBe('door_state');
    const seen = await call('GET', `/door-deliveries?order_id=${o.p.id}`, { token: o.p.token });
    expect(seen.json.data.attempts).toMatchObject([{ outcome: 'failed', reason: 'not_home' }]);
    const again = await call('POST', '/door-deliveries', { token: o.p.token, body: { ...address, order_id: o.p.id, fee: o.fee } });
    expect(again.status).toBe(201);
    // Only the stop's courier (or an admin) closes it.
    expect((await assign(again.json.data.id)).status).toBe(200);
    const stranger = await call('POST', `/manage/door-deliveries/${again.json.data.id}/fail`, {
      token: staff.admin,
      body: { branch_id: staff.branchId, reason: 'other' },
    });
    expect(stranger.status).toBe(200);
  });
});

describe('the customer is told each step (ADR 094)', () => {
  /** The customer's notifications newer than `after` (every event, so a second message of a step would show). */
  const toldSince = (userId: number, after = 0) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, after)))
      .orderBy(notifications.id);
  const lastId = async (userId: number) => (await toldSince(userId)).at(-1)?.id ?? 0;
  const render = (n: { event: string | null; params: unknown }, lang: 'ru' | 'kk' | 'en') =>
    renderMessage(n.event as never, n.params as never, lang);

  it('scheduled: one message with the day, in ru/kk/en; a new courier the same day is no news', async () => {
    const r = await requested();
    const mark = await lastId(r.p.user.id);
    expect((await assign(r.id)).status).toBe(200);
    const told = await toldSince(r.p.user.id, mark);
    expect(told.map((n) => n.event)).toEqual(['door_delivery_assigned']);
    expect(told[0]!.link).toBe(`/orders/order?id=${r.p.id}`);
    for (const lang of ['ru', 'kk', 'en'] as const) {
      const text = render(told[0]!, lang);
      expect(text.body).toContain(calendarDate(today(), lang));
      expect(text.body).toContain(r.p.code);
    }
    expect(render(told[0]!, 'ru').title).toBe('Доставка до двери назначена');
    expect(render(told[0]!, 'kk').title).toBe('Есікке дейін жеткізу белгіленді');
    expect(render(told[0]!, 'en').title).toBe('Door delivery scheduled');
    expect((await assign(r.id)).status).toBe(200);
    expect(await toldSince(r.p.user.id, mark)).toHaveLength(1);
  });

  it("delivered: the hand-over's one message is the door delivery's, with the receipt", async () => {
    const o = await out();
    const mark = await lastId(o.p.user.id);
    const res = await deliver(o.id, o.code, [{ method: 'cash', amount: o.stop.to_collect }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const told = await toldSince(o.p.user.id, mark);
    expect(told.map((n) => n.event)).toEqual(['door_delivery_delivered']);
    expect(told[0]!.link).toBe(`/orders/receipt?id=${res.json.data.id}`);
    const ru = render(told[0]!, 'ru');
    expect(ru.title).toBe('Доставлено до двери');
    expect(ru.body).toContain(`№ ${res.json.data.id}`);
    expect(render(told[0]!, 'kk').body).toContain(`№ ${res.json.data.id}`);
    expect(render(told[0]!, 'en').body).toContain(`receipt No. ${res.json.data.id}`);
  });

  it('failed: one message with the reason and the branch where the parcel waits, by SMS too', async () => {
    const o = await out();
    const mark = await lastId(o.p.user.id);
    const failed = await call('POST', `/manage/door-deliveries/${o.id}/fail`, { token: staff.branch, body: { reason: 'not_home' } });
    expect(failed.status, JSON.stringify(failed.json)).toBe(200);
    const told = await toldSince(o.p.user.id, mark);
    expect(told.map((n) => n.event)).toEqual(['door_delivery_failed']);
    expect(render(told[0]!, 'ru').body).toContain('никого не было дома');
    expect(render(told[0]!, 'kk').body).toContain('үйде ешкім болмады');
    const en = render(told[0]!, 'en');
    expect(en.title).toBe('Door delivery failed');
    expect(en.body).toContain('nobody was home');
    expect(en.body).toMatch(/waits for you at \S/);
    const channels = await ctx.database.db
      .select({ channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, told[0]!.id));
    expect(channels.map((c) => c.channel)).toContain('sms');
  });
});
