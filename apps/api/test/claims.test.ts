import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClaim, TStaffClaim, TStaffClaimRow } from '@portal/contract';
import { branches, charges, claims, notifications, orders, payments } from '../src/db/schema';
import { renderMessage } from '../src/modules/notifications/notification-texts';
import { openClaim } from '../src/modules/claims/claims-service';
import type { PaymentDriver } from '../src/modules/online-payments/drivers/driver';
import { confirm } from '../src/modules/online-payments/settlement';
import { parcelIn, staffAt } from './factories';
import type { TestContext } from './helpers';
import { upload, PNG_1x1, type Staff } from './manage-helpers';
import { enableProvider, expectKeptEqualsJournal, onlineApp, openRequest, waitingCustomer } from './online-payments-helpers';

/**
 * Claims (issue 36, ADR 088): opened by the customer about their own parcel when the kind fits its status, gathering
 * the evidence, decided by the parcel's branch or an admin within the deadlines, paid exactly once by one of three
 * methods with the journal equal to the kept balances.
 */
let ctx: TestContext;
let staff: Staff;
let m: Awaited<ReturnType<typeof onlineApp>>['m'];
const PER_KG = 500_000; // 5,000 ₸ per kg uninsured

const refunds: { amount: number }[] = [];
const driver: PaymentDriver = {
  provider: 'kaspi',
  credentialFields: ['device_token'],
  create: () => Promise.reject(new Error('not used')),
  status: async () => ({ state: 'unknown' }),
  refund: async (_ref, amount) => {
    refunds.push({ amount });
    return { refundRef: `rf-${refunds.length}` };
  },
};

beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
  ctx.app.paymentDrivers.kaspi = driver;
  await enableProvider(ctx, staff.branchId, 'kaspi', { device_token: 'dt' });
  await ctx.database.db.update(branches).set({ uninsuredPerKg: PER_KG });
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, lang = 'en') =>
  m.call(method, url, { token, body, lang });
const open = (token: string, body: Record<string, unknown>, lang = 'en') => call('POST', '/claims', token, body, lang);
const atBranch = (weight = 2) => parcelIn(ctx, 'at_branch', { customer: { branchId: staff.branchId }, weight });
const approved = async (amount = 100_000) => {
  const p = await atBranch();
  const c = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'Box crushed' });
  expect(c.status).toBe(201);
  const a = await call('POST', `/manage/claims/${c.json.data.id}/approve`, staff.branch, { amount });
  expect(a.status).toBe(200);
  return { p, id: c.json.data.id as number };
};
const balanceOf = async (token: string) =>
  ((await call('GET', '/balance', token)).json.data.balances as { balance: number }[])[0]?.balance ?? 0;

describe('opening a claim', () => {
  it('a damage claim about an own parcel at the branch gathers the evidence and tells the customer', async () => {
    const p = await atBranch(2);
    const res = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'The box came crushed', amount_claimed: 900_000 });
    expect(res.status).toBe(201);
    const c = res.json.data as TClaim;
    expect(c).toMatchObject({ kind: 'damaged', state: 'open', amount_claimed: 900_000, track_code: p.code });
    expect(c.evidence.parcel).toMatchObject({ china_weight: 2, status: 'at_branch' });
    // Uninsured: the branch's limit per kg of the China weight.
    expect(c.evidence.cap).toMatchObject({ basis: 'uninsured', goods: 2 * PER_KG, freight: 0, total: 2 * PER_KG });
    expect(c.evidence.timeline.map((e) => e.action)).toEqual(expect.arrayContaining(['received', 'dispatched', 'arrived']));
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.event, 'claim_opened')));
    expect(told).toHaveLength(1);
    const list = await call('GET', '/claims', p.token);
    expect(list.json.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });

  it("someone else's parcel or claim is 404, a second open claim of the same kind 409, another kind is fine", async () => {
    const p = await atBranch();
    const other = await atBranch();
    expect((await open(other.token, { order_id: p.id, kind: 'damaged', description: 'x' })).status).toBe(404);
    const first = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' });
    expect(first.status).toBe(201);
    const again = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'y' }, 'ru');
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('claim_exists');
    expect(again.json.message).toMatch(/претензия/);
    expect((await open(p.token, { order_id: p.id, kind: 'contents_differ', description: 'z' })).status).toBe(201);
    expect((await call('GET', `/claims/${first.json.data.id}`, other.token)).status).toBe(404);
  });

  it('the kind must fit the status: no damage in transit, lost only past the expected date or marked missing', async () => {
    const moving = await parcelIn(ctx, 'in_transit', { customer: { branchId: staff.branchId } });
    const damaged = await open(moving.token, { order_id: moving.id, kind: 'damaged', description: 'x' }, 'kk');
    expect(damaged.status).toBe(422);
    expect(damaged.json.code).toBe('claim_not_allowed');
    expect((await open(moving.token, { order_id: moving.id, kind: 'lost', description: 'x' })).status).toBe(422);
    const waiting = await atBranch();
    expect((await open(waiting.token, { order_id: waiting.id, kind: 'lost', description: 'x' })).status).toBe(422);
    // Past its date (dispatched long ago, its flight's date passed or none): lost fits; the freight comes back too.
    await ctx.database.db.execute(
      sql`update flight_arrivals set expected_arrival = current_date - 2 where flight_id = (select flight_id from orders where id = ${moving.id})`,
    );
    await ctx.database.db
      .update(orders)
      .set({ dispatchedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, moving.id));
    const lost = await open(moving.token, { order_id: moving.id, kind: 'lost', description: 'Never came' });
    expect(lost.status).toBe(201);
    expect(lost.json.data.evidence.cap.basis).toBe('uninsured');
  });

  it("delivered parcels: within the admin's days only", async () => {
    const d = await parcelIn(ctx, 'delivered', { customer: { branchId: staff.branchId } });
    expect((await open(d.token, { order_id: d.id, kind: 'contents_differ', description: 'x' })).status).toBe(201);
    await ctx.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(orders.id, d.id));
    expect((await open(d.token, { order_id: d.id, kind: 'damaged', description: 'x' })).status).toBe(422);
  });

  it('openClaim (for a disputed weight) is idempotent per open parcel and kind, and 10 parallel opens make one claim', async () => {
    const p = await atBranch();
    const db = ctx.database.db;
    const a = await db.transaction((tx) =>
      openClaim(tx, { orderId: p.id, userId: p.user.id, kind: 'weight_differs', description: 'w', source: 'weight_dispute' }),
    );
    const b = await db.transaction((tx) =>
      openClaim(tx, { orderId: p.id, userId: p.user.id, kind: 'weight_differs', description: 'w', source: 'weight_dispute' }),
    );
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    const q = await atBranch();
    const burst = await Promise.all(Array.from({ length: 10 }, () => open(q.token, { order_id: q.id, kind: 'damaged', description: 'x' })));
    expect(burst.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(
      await db
        .select()
        .from(claims)
        .where(and(eq(claims.orderId, q.id), eq(claims.kind, 'damaged'))),
    ).toHaveLength(1);
  });

  it('photos: processed, served by signed address only, at most 5', async () => {
    const p = await atBranch();
    const c = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' });
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ field: 'photos', name: `p${i}.png`, type: 'image/png', bytes: PNG_1x1 }));
    const up = await upload(ctx, `/claims/${c.json.data.id}/photos`, p.token, files(3));
    expect(up.status).toBe(200);
    const photos = up.json.data.photos as { url: string }[];
    expect(photos).toHaveLength(3);
    expect(photos[0]!.url).toMatch(/^\/uploads\/claims\/[0-9a-f]{32}\.webp\?exp=\d+&sig=/);
    expect((await ctx.app.inject({ method: 'GET', url: photos[0]!.url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: photos[0]!.url.split('?')[0]! })).statusCode).toBe(403);
    expect((await upload(ctx, `/claims/${c.json.data.id}/photos`, p.token, files(3))).status).toBe(409);
    const other = await atBranch();
    expect((await upload(ctx, `/claims/${c.json.data.id}/photos`, other.token, files(1))).status).toBe(404);
  });
});

describe('staff decide', () => {
  it('who may see the claims: the branch and admins; customers and the warehouse 403; another branch 404', async () => {
    const p = await atBranch();
    const c = await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' });
    const id = c.json.data.id;
    expect((await call('GET', '/manage/claims', p.token)).status).toBe(403);
    expect((await call('GET', '/manage/claims', staff.warehouse)).status).toBe(403);
    expect((await call('GET', `/manage/claims/${id}`, staff.otherBranch)).status).toBe(404);
    const theirs = (await call('GET', '/manage/claims', staff.otherBranch)).json.data as TStaffClaimRow[];
    expect(theirs.some((r) => r.id === id)).toBe(false);
    expect((await call('GET', `/manage/claims/${id}`, staff.branch)).status).toBe(200);
    expect((await call('GET', `/manage/claims/${id}`, staff.admin)).status).toBe(200);
  });

  it('the queue is ordered by the next deadline, overdue flagged; taking it in review is the first answer', async () => {
    const a = await atBranch();
    const b = await atBranch();
    const ca = (await open(a.token, { order_id: a.id, kind: 'damaged', description: 'a' })).json.data.id as number;
    const cb = (await open(b.token, { order_id: b.id, kind: 'damaged', description: 'b' })).json.data.id as number;
    await ctx.database.db
      .update(claims)
      .set({ answerDue: new Date(Date.now() - 3_600_000) })
      .where(eq(claims.id, cb));
    const q = (await call('GET', '/manage/claims', staff.branch)).json.data as TStaffClaimRow[];
    const ia = q.findIndex((r) => r.id === ca);
    const ib = q.findIndex((r) => r.id === cb);
    expect(ib).toBeLessThan(ia);
    expect(q[ib]!.overdue).toBe(true);
    expect(q[ia]!.overdue).toBe(false);
    const taken = await call('POST', `/manage/claims/${cb}/take`, staff.branch);
    expect(taken.json.data).toMatchObject({ state: 'in_review', due: q[ib]!.decision_due });
    expect((await call('POST', `/manage/claims/${cb}/take`, staff.branch)).status).toBe(409);
    const asked = await call('POST', `/manage/claims/${ca}/message`, staff.branch, { text: 'Please send a photo of the label' });
    expect(asked.json.data.answered_at).not.toBeNull();
    const seen = (await call('GET', `/claims/${ca}`, a.token)).json.data as TClaim;
    expect(seen.events.find((e) => e.action === 'message')).toMatchObject({ text: 'Please send a photo of the label', by: null });
    // The customer is told what was asked, by their channels, in their language.
    const [told] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.event, 'claim_message')));
    expect(told).toMatchObject({ link: `/claims/${ca}` });
    for (const lang of ['ru', 'kk', 'en'] as const) {
      const text = renderMessage('claim_message', told!.params as never, lang);
      expect(text.body).toContain('Please send a photo of the label');
      expect(text.body).toContain(seen.track_code);
    }
    expect(renderMessage('claim_message', told!.params as never, 'ru').title).toBe('Вопрос по вашей претензии');
  });

  it('the admin sets the deadlines; new claims take them', async () => {
    const put = await call('PUT', '/admin/settings/claims', staff.admin, {
      answer_hours: 2,
      decision_days: 3,
      damage_days: 7,
      lost_after_days: 10,
    });
    expect(put.status).toBe(200);
    const p = await atBranch();
    const c = (
      await call(
        'GET',
        `/manage/claims/${(await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' })).json.data.id}`,
        staff.branch,
      )
    ).json.data as TStaffClaim;
    const hours = (Date.parse(c.answer_due) - Date.parse(c.created_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(2);
    expect(Math.round((Date.parse(c.decision_due) - Date.parse(c.created_at)) / 86_400_000)).toBe(3);
    await call('PUT', '/admin/settings/claims', staff.admin, {
      answer_hours: 24,
      decision_days: 14,
      damage_days: 7,
      lost_after_days: 10,
    });
  });

  it('approve up to the cap; above it only an admin or the capability claims; reject with a reason', async () => {
    const p = await atBranch(1);
    const id = (await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' })).json.data.id;
    const over = await call('POST', `/manage/claims/${id}/approve`, staff.branch, { amount: PER_KG + 100 }, 'ru');
    expect(over.status).toBe(403);
    expect(over.json.code).toBe('claim_over_cap');
    const byAdmin = await call('POST', `/manage/claims/${id}/approve`, staff.admin, { amount: PER_KG + 100 });
    expect(byAdmin.json.data).toMatchObject({ state: 'approved', amount_approved: PER_KG + 100 });
    expect((await call('POST', `/manage/claims/${id}/reject`, staff.branch, { reason: 'late' })).status).toBe(409);
    const q = await atBranch(1);
    const rid = (await open(q.token, { order_id: q.id, kind: 'damaged', description: 'x' })).json.data.id;
    const rejected = await call('POST', `/manage/claims/${rid}/reject`, staff.branch, { reason: 'No damage on the intake photos' });
    expect(rejected.json.data).toMatchObject({ state: 'rejected', reject_reason: 'No damage on the intake photos' });
    expect((await call('GET', `/claims/${rid}`, q.token)).json.data.reject_reason).toBe('No damage on the intake photos');
    expect((await call('POST', `/manage/claims/${rid}/pay`, staff.branch, { method: 'balance' })).status).toBe(409);
  });
});

describe('payout exactly once', () => {
  it('balance: the credit the next hand-over uses; a second payout is 409', async () => {
    const { p, id } = await approved(100_000);
    const before = await balanceOf(p.token);
    const paid = await call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: 'balance' });
    expect(paid.status).toBe(200);
    expect(paid.json.data).toMatchObject({ state: 'paid', payout_method: 'balance' });
    expect(await balanceOf(p.token)).toBe(before - 100_000);
    const again = await call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: 'cash' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('claim_paid');
    expect((await call('GET', `/claims/${id}`, p.token)).json.data).toMatchObject({ state: 'paid', payout_method: 'balance' });
    await expectKeptEqualsJournal(ctx);
  });

  it("cash: a negative cash payment in the branch's business day, the balance unchanged; only the branch or an admin", async () => {
    const { p, id } = await approved(70_000);
    const before = await balanceOf(p.token);
    const day = async () => (await call('GET', '/manage/day-close', staff.branch)).json.data.expected.cash as number;
    const cashBefore = await day();
    expect((await call('POST', `/manage/claims/${id}/pay`, staff.otherBranch, { method: 'cash' })).status).toBe(404);
    expect((await call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: 'cash' })).status).toBe(200);
    expect(await day()).toBe(cashBefore - 70_000);
    expect(await balanceOf(p.token)).toBe(before);
    await expectKeptEqualsJournal(ctx);
  });

  it('provider refund: refused without an online payment of the parcel; else refunded and credited once', async () => {
    const { id } = await approved(50_000);
    const none = await call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: 'provider_refund' });
    expect(none.status).toBe(422);
    expect(none.json.code).toBe('claim_no_online_payment');

    const w = await waitingCustomer(ctx, staff, [2]);
    const amount = w.lookup.total_minor + w.lookup.storage_fee;
    const requestId = await openRequest(ctx, {
      userId: w.user.id,
      branchId: staff.branchId,
      provider: 'kaspi',
      amount,
      parcelIds: w.ids,
      currency: w.lookup.currency,
    });
    expect(await confirm(ctx.app, { provider: 'kaspi', requestId, providerRef: `K-${requestId}`, amount })).toEqual({ outcome: 'settled' });
    const cid = (await open(w.token, { order_id: w.ids[0], kind: 'damaged', description: 'x' })).json.data.id;
    await call('POST', `/manage/claims/${cid}/approve`, staff.branch, { amount: 30_000 });
    const before = await balanceOf(w.token);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/manage/claims/${cid}/pay`, staff.branch, { method: 'provider_refund' })),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(refunds.filter((r) => r.amount === 30_000)).toHaveLength(1);
    // Refunded to the card and credited: the balance stays where it was.
    expect(await balanceOf(w.token)).toBe(before);
    const [refund] = await ctx.database.db.select().from(payments).where(isNotNull(payments.refundsId));
    expect(refund!.amount).toBe(-30_000);
    await expectKeptEqualsJournal(ctx);
  });

  it('10 parallel payouts of one claim: one wins, one credit', async () => {
    const { id } = await approved(40_000);
    const methods = ['balance', 'cash'] as const;
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: methods[i % 2] })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await ctx.database.db.select().from(charges).where(eq(charges.claimId, id))).toHaveLength(1);
    await expectKeptEqualsJournal(ctx);
  });

  it('a payout racing the hand-over of the same parcel (its counter amount counting on the credit): one order or the other, the journal equals the balances', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await atBranch(2);
      const look = await m.lookup(staff.branch, { customer: p.user.client_code });
      const total = look.json.data.total_minor + look.json.data.storage_fee;
      const credit = Math.floor(total / 2);
      const id = (await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' })).json.data.id;
      expect((await call('POST', `/manage/claims/${id}/approve`, staff.branch, { amount: credit })).status).toBe(200);
      const [pay, hand] = await Promise.all([
        call('POST', `/manage/claims/${id}/pay`, staff.branch, { method: 'balance' }),
        m.complete(staff.branch, {
          customer_id: p.user.id,
          order_ids: [p.id],
          payments: [{ method: 'cash', amount: total - credit }],
          accept_debt: true,
        }),
      ]);
      expect(pay.status).toBe(200);
      expect(hand.status).toBe(200);
      // Credit first: the hand-over used it; hand-over first: the short part became debt the credit then paid. Both: 0.
      expect(await balanceOf(p.token)).toBe(0);
      await expectKeptEqualsJournal(ctx);
    }
  });
});

describe('staff the capability reaches', () => {
  it('branch staff granted claims approve above the cap', async () => {
    const clerk = await staffAt(ctx, { kind: 'branch', branch_id: staff.branchId });
    const grant = await m.call('PATCH', `/admin/users/${clerk.user.id}`, { token: staff.admin, body: { capabilities: ['claims'] } });
    expect(grant.status).toBe(200);
    const p = await atBranch(1);
    const id = (await open(p.token, { order_id: p.id, kind: 'damaged', description: 'x' })).json.data.id;
    const view = (await call('GET', `/manage/claims/${id}`, clerk.token)).json.data as TStaffClaim;
    expect(view.may_exceed_cap).toBe(true);
    expect((await call('POST', `/manage/claims/${id}/approve`, clerk.token, { amount: PER_KG * 3 })).status).toBe(200);
  });
});
