import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargedPriceMinor, toMajor, toMinor, volumetricWeightKg, type TManageParcel } from '@portal/contract';
import { FakeKaspi } from '../../../tools/fakes/kaspi-qr.mjs';
import { auditLog, claims, notifications, orders, weightChecks } from '../src/db/schema';
import { renderMessage } from '../src/modules/notifications/notification-texts';
import { weightClaimInput } from '../src/modules/weights/dispute';
import { parcelIn, type Dimensions } from './factories';
import type { TestContext } from './helpers';
import type { Staff } from './manage-helpers';
import { enableProvider, onlineApp } from './online-payments-helpers';

/**
 * Weight variance (issue 36, ADR 089): the branch weighs a parcel; within the tolerance nothing is asked, lighter
 * reprices by itself, heavier waits for the customer's confirmation or dispute, and paying waits with it.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const kaspi = new FakeKaspi();
beforeAll(async () => {
  await kaspi.start();
  ({ ctx, staff, m } = await onlineApp({ KASPI_API_URL: kaspi.url }));
  await enableProvider(ctx, staff.branchId, 'kaspi', { device_token: kaspi.addDevice(), organization_bin: '123456789012' });
  // 50 g or 5 % of the China weight, the larger: 100 g for 2 kg (percent wins), 50 g for 0.5 kg (grams win).
  const res = await m.call('PUT', '/admin/settings/weights', { token: staff.admin, body: { tolerance_grams: 50, tolerance_percent: 5 } });
  expect(res.status, res.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await kaspi.stop();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Formatted numbers and units are joined by no-break spaces: compared as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const waiting = (weight: number, dimensions?: Dimensions) => parcelIn(ctx, 'at_branch', { weight, dimensions, prefix: 'WV' });
const weigh = (id: number, weight: number | string, token = staff.branch) =>
  m.call('POST', `/manage/parcels/${id}/branch-weight`, { token, body: { weight }, lang: 'en' });
const decide = (id: number, how: 'confirm' | 'dispute', token: string, lang = 'en') =>
  m.call('POST', `/weight-checks/${id}/${how}`, {
    token,
    body: how === 'dispute' ? { reason: 'The box was weighed wet' } : undefined,
    lang,
  });
const checksOf = async (token: string) =>
  (await m.call('GET', '/weight-checks', { token })).json.data as { id: number; order_id: number }[];
const parcelRow = async (id: number) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** The price a parcel would have at `kg` by the arrival rule (its own tariff and volumetric weight). */
const priceAt = (p: TManageParcel, kg: number) =>
  chargedPriceMinor(Math.max(kg, p.weights.volumetric_weight ?? 0), toMinor(p.tariff!), p.currency);
const eventsOf = async (userId: number, event: 'weight_check_needed' | 'weight_lighter') =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, event)));

describe('branch weighing against the China weight', () => {
  it('asks nothing exactly at the tolerance and asks one gram over it (percent and grams, the larger wins)', async () => {
    const cases: [number, number, string][] = [
      [2, 2.1, 'within'], // 100 g = 5 % of 2 kg
      [2, 2.101, 'pending'],
      [2, 1.9, 'within'],
      [0.5, 0.55, 'within'], // 50 g (5 % would be 25 g)
      [0.5, 0.551, 'pending'],
      [0.5, 0.449, 'lighter'],
    ];
    for (const [china, branch, state] of cases) {
      const p = await waiting(china);
      const res = await weigh(p.id, branch);
      expect(res.status, res.body).toBe(200);
      expect(res.json.data, `${china} → ${branch}`).toMatchObject({ state, china_weight: china, branch_weight: branch });
      const pending = await checksOf(p.token);
      expect(pending.map((c) => c.order_id)).toEqual(state === 'pending' ? [p.id] : []);
      expect(await eventsOf(p.user.id, 'weight_check_needed')).toHaveLength(state === 'pending' ? 1 : 0);
    }
  });

  it('makes a lighter parcel cheaper by itself and tells its customer', async () => {
    const p = await waiting(2);
    const res = await weigh(p.id, '1,5');
    expect(res.json.data).toMatchObject({ state: 'lighter', branch_weight: 1.5, china_price: p.parcel.price });
    const row = await parcelRow(p.id);
    expect(row.weight).toBe(1.5);
    expect(row.price).toBe(priceAt(p.parcel, 1.5));
    expect(row.price).toBeLessThan(toMinor(p.parcel.price!));
    const [told] = await eventsOf(p.user.id, 'weight_lighter');
    expect(told?.link).toBe(`/orders/order?id=${p.id}`);
  });

  it('keeps a heavier parcel at its China price until the customer decides, and holds paying meanwhile', async () => {
    const p = await waiting(2);
    const before = await parcelRow(p.id);
    const check = (await weigh(p.id, 2.4)).json.data;
    expect(check).toMatchObject({ state: 'pending', china_price: p.parcel.price, currency: p.parcel.currency });
    expect(toMinor(check.branch_price)).toBe(priceAt(p.parcel, 2.4));
    expect((await parcelRow(p.id)).price).toBe(before.price);
    // Online: refused before any amount is frozen; at the counter: shown as "weight to confirm" and refused.
    const pay = await m.call('POST', '/payments/requests', { token: p.token, body: { branch_id: staff.branchId }, lang: 'en' });
    expect(pay.status, pay.body).toBe(409);
    expect(pay.json.code).toBe('weight_unconfirmed');
    const lookup = await m.lookup(staff.branch, { customer: p.user.client_code });
    expect(lookup.json.data.weight_checks.map((c: { order_id: number }) => c.order_id)).toEqual([p.id]);
    const handOver = await m.call('POST', '/orders/complete', {
      token: staff.branch,
      body: { customer_id: p.user.id, order_ids: [p.id], payment_method: 'cash' },
      lang: 'en',
    });
    expect(handOver.status, handOver.body).toBe(409);
    expect(handOver.json.code).toBe('weight_unconfirmed');
    expect(handOver.json.message).toMatch(/confirm/i);
    // The staff's parcel view shows both weights and the state.
    const view = await m.call('GET', `/manage/parcel?code=${p.code}`, { token: staff.branch });
    expect(view.json.data.weight_check).toMatchObject({ state: 'pending', china_weight: 2, branch_weight: 2.4 });
    // Confirmed, the customer pays online the new price.
    expect((await decide(check.id, 'confirm', p.token)).status).toBe(200);
    const paid = await m.call('POST', '/payments/requests', { token: p.token, body: { branch_id: staff.branchId } });
    expect(paid.status, paid.body).toBe(201);
    expect(paid.json.data.amount).toBe(priceAt(p.parcel, 2.4));
  });

  it('confirming prices the parcel at the branch weight by the chargeable rule (the larger of it and the volumetric)', async () => {
    // 30 × 20 × 22 cm / 6000 = 2.2 kg volumetric: China 2 kg charges 2.2; the branch's 2.5 kg charges 2.5.
    const p = await waiting(2, { length: 30, width: 20, height: 22 });
    expect(p.parcel.weights.volumetric_weight).toBe(volumetricWeightKg({ length: 30, width: 20, height: 22 }));
    expect(toMinor(p.parcel.price!)).toBe(priceAt(p.parcel, 2));
    const check = (await weigh(p.id, 2.5)).json.data;
    const res = await decide(check.id, 'confirm', p.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'confirmed', decided_via: 'customer' });
    const row = await parcelRow(p.id);
    expect(row).toMatchObject({ weight: 2.5, price: priceAt(p.parcel, 2.5), volumetricWeight: 2.2 });
    expect(await checksOf(p.token)).toEqual([]);
    // The counter now takes the new price.
    const done = await m.complete(staff.branch, { customer_id: p.user.id, order_ids: [p.id], payment_method: 'cash' });
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.items[0]).toMatchObject({ weight: 2.5, price: toMajor(row.price!) });
  });

  it('a dispute keeps the China price, is kept whole and becomes a claim; the counter may then hand over', async () => {
    const p = await waiting(2);
    const check = (await weigh(p.id, 2.6)).json.data;
    const res = await decide(check.id, 'dispute', p.token);
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'disputed', dispute_reason: 'The box was weighed wet', decided_via: 'customer' });
    expect(await parcelRow(p.id)).toMatchObject({ weight: 2, price: toMinor(p.parcel.price!) });
    const [kept] = await ctx.database.db.select().from(weightChecks).where(eq(weightChecks.id, check.id));
    expect(kept).toMatchObject({ state: 'disputed', decidedBy: p.user.id, chinaWeight: 2, branchWeight: 2.6 });
    const claim = weightClaimInput(kept!, 'en');
    expect({ ...claim, description: plain(claim.description) }).toEqual({
      orderId: p.id,
      userId: p.user.id,
      kind: 'weight_differs',
      description: 'Weight differs: weighed 2.6 kg at the branch, 2 kg in China. The customer says: The box was weighed wet',
      source: 'weight_dispute',
    });
    for (const lang of ['kk', 'ru'] as const) expect(weightClaimInput(kept!, lang).description).toContain('The box was weighed wet');
    // The dispute opened its claim in the same transaction (ADR 088/089): staff decide it like any claim, and the
    // customer sees it among theirs with both weights as evidence.
    const opened = await ctx.database.db.select().from(claims).where(eq(claims.orderId, p.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ id: kept!.claimId, userId: p.user.id, kind: 'weight_differs', source: 'weight_dispute' });
    const seen = await m.call('GET', `/claims/${kept!.claimId}`, { token: p.token, lang: 'en' });
    expect(seen.status, seen.body).toBe(200);
    expect(seen.json.data.evidence.parcel).toMatchObject({ china_weight: 2, branch_weight: 2.6 });
    const done = await m.complete(staff.branch, { customer_id: p.user.id, order_ids: [p.id], payment_method: 'cash' });
    expect(done.status, done.body).toBe(200);
  });

  it("answers someone else's check 404, a second decision 409, a second weighing 409, a parcel not at the branch 409", async () => {
    const p = await waiting(2);
    const other = await waiting(1);
    const check = (await weigh(p.id, 3)).json.data;
    expect((await decide(check.id, 'confirm', other.token)).status).toBe(404);
    expect((await decide(check.id, 'dispute', other.token)).status).toBe(404);
    expect((await decide(999_999, 'confirm', p.token)).status).toBe(404);
    expect((await decide(check.id, 'confirm', p.token)).status).toBe(200);
    for (const how of ['confirm', 'dispute'] as const) {
      const again = await decide(check.id, how, p.token, 'ru');
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: 'weight_check_decided', message: 'По этой проверке веса решение уже принято' });
    }
    expect((await weigh(p.id, 3)).json.code).toBe('weight_already_recorded');
    const onTheWay = await parcelIn(ctx, 'in_transit', { weight: 1, prefix: 'WV' });
    expect((await weigh(onTheWay.id, 1)).json.code).toBe('weight_not_at_branch');
    expect((await weigh(other.id, 1.2, staff.otherBranch)).status).toBe(403);
    expect((await weigh(other.id, 'heavy')).status).toBe(422);
    expect((await m.call('POST', `/weight-checks/${check.id}/dispute`, { token: p.token, body: {} })).status).toBe(422);
  });

  it('the clerk records "confirmed at the counter" for their branch only, audited naming the clerk', async () => {
    const p = await waiting(2);
    const check = (await weigh(p.id, 2.5)).json.data;
    const url = `/manage/weight-checks/${check.id}/counter-confirm`;
    expect((await m.call('POST', url, { token: staff.otherBranch, body: {} })).status).toBe(404);
    expect((await m.call('POST', url, { token: p.token, body: {} })).status).toBe(403);
    const res = await m.call('POST', url, { token: staff.branch, body: {} });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'confirmed', decided_via: 'counter' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'weight.counter_confirm'), eq(auditLog.targetId, String(p.id))));
    const clerk = (await m.call('GET', '/auth/user', { token: staff.branch })).json.data.id;
    expect(audit).toMatchObject({ actorId: clerk, after: expect.objectContaining({ clerk_id: clerk, customer_id: p.user.id }) });
    expect((await parcelRow(p.id)).price).toBe(priceAt(p.parcel, 2.5));
  });

  it('weighs a single parcel as it arrives (manage/arrive branch_weight), never a batch', async () => {
    const p = await parcelIn(ctx, 'in_transit', { weight: 2, prefix: 'WV' });
    const res = await m.arrive(staff.branch, { track_codes: [p.code], branch_weight: 2.4 });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.weight_check).toMatchObject({ order_id: p.id, state: 'pending', branch_weight: 2.4 });
    const two = await m.arrive(staff.branch, { track_codes: [p.code, 'WV000'], branch_weight: 2.4 });
    expect(two.status).toBe(422);
  });

  it('tells the customer both weights and both prices in kk, ru and en', () => {
    const params = {
      weight_check: 'needed' as const,
      check_id: 1,
      order_id: 2,
      track_code: 'YT123',
      china_weight: 2,
      branch_weight: 2.4,
      china_price: 4000,
      branch_price: 4800,
      currency: 'KZT',
    };
    const en = renderMessage('weight_check_needed', params, 'en');
    expect(en.title).toContain('YT123');
    expect(plain(en.body)).toBe(
      'Weighed 2.4 kg at the branch (2 kg in China). Confirm the new price 4,800 ₸ (was 4,000 ₸) or dispute it before paying.',
    );
    for (const lang of ['kk', 'ru'] as const) {
      const body = plain(renderMessage('weight_check_needed', params, lang).body);
      expect(body).toMatch(/2,4 кг.*2 кг.*4 800 ₸.*4 000 ₸/);
    }
    expect(renderMessage('weight_lighter', { ...params, weight_check: 'lighter' }, 'ru').title).toContain('меньше');
  });
});

describe.runIf(onPostgres)('bursts on PostgreSQL', () => {
  it('a confirm racing a dispute: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await waiting(2);
      const check = (await weigh(p.id, 2.5)).json.data;
      const answers = await Promise.all(['confirm', 'dispute', 'confirm', 'dispute'].map((h) => decide(check.id, h as 'confirm', p.token)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const winner = answers.find((a) => a.status === 200)!.json.data.state;
      expect((await parcelRow(p.id)).price).toBe(winner === 'confirmed' ? priceAt(p.parcel, 2.5) : toMinor(p.parcel.price!));
    }
  });

  it("a confirm racing the parcel's hand-over: the hand-over charges the new price or waits for it", async () => {
    for (let round = 0; round < 6; round++) {
      const p = await waiting(2);
      const check = (await weigh(p.id, 2.5)).json.data;
      // The confirmation leaves 0–50 ms after the hand-over, so either may reach the parcel's row first.
      const [handed, confirmed] = await Promise.all([
        m.complete(staff.branch, { customer_id: p.user.id, order_ids: [p.id], payment_method: 'cash' }),
        new Promise((r) => setTimeout(r, round * 10)).then(() => decide(check.id, 'confirm', p.token)),
      ]);
      expect(confirmed.status, confirmed.body).toBe(200);
      if (handed.status === 200) expect(handed.json.data.items[0].price).toBe(toMajor(priceAt(p.parcel, 2.5)));
      else expect(handed.json.code).toBe('weight_unconfirmed');
    }
  });

  it('two branch weighings of one parcel at once make one check', async () => {
    const p = await waiting(2);
    const answers = await Promise.all([2.5, 2.6, 2.5, 2.7].map((w) => weigh(p.id, w)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await ctx.database.db.select().from(weightChecks).where(eq(weightChecks.orderId, p.id))).toHaveLength(1);
    expect(await eventsOf(p.user.id, 'weight_check_needed')).toHaveLength(1);
  });
});
