import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFor, toMajor } from '@portal/contract';
import { branches, orders, users } from '../src/db/schema';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { parcelsIn } from './factories';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

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

describe('dispatch', () => {
  it('lists owned parcels at the warehouse (filter by code and branch, paged) and moves selected ones', async () => {
    const c = await parcelsIn(ctx, 'china_warehouse', [1, 2, 3]);
    const unclaimed = newCode();
    await m.receive(staff.warehouse, { track_code: unclaimed, weight: 1 });
    const list = await m.call(
      'GET',
      `/manage/dispatch?q=${c.codes[0]!.slice(-8).toLowerCase()}&branch_id=${staff.branchId}&filters[per_page]=5`,
      { token: staff.warehouse },
    );
    expect(list.status).toBe(200);
    expect(list.json.data.map((p: { track_code: string }) => p.track_code)).toEqual([c.codes[0]]);
    expect(list.json.meta).toMatchObject({ current_page: 1, per_page: 5, total: 1 });
    const notThere = await m.call('GET', `/manage/dispatch?q=${c.codes[0]}&branch_id=${staff.otherBranchId}`, { token: staff.warehouse });
    expect(notThere.json.meta.total).toBe(0);
    const all = await m.call('GET', `/manage/dispatch?filters[per_page]=100`, { token: staff.warehouse });
    expect(all.json.data.some((p: { track_code: string }) => p.track_code === unclaimed)).toBe(false);

    const ids = list.json.data.map((p: { id: number }) => p.id);
    const res = await m.dispatch(staff.warehouse, { order_ids: ids });
    expect(res.status).toBe(200);
    expect(res.json.data.counts).toEqual({ moved: 1, skipped: 0 });
    const again = await m.dispatch(staff.warehouse, { order_ids: ids });
    expect(again.json.data.counts.moved).toBe(0);
    expect(again.json.data.results[0].outcome).toBe('already_done');

    const scan = await m.dispatch(staff.warehouse, { track_codes: [c.codes[1]!.toLowerCase(), unclaimed, 'NOPE12345'] });
    expect(scan.json.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['moved', 'unclaimed', 'not_found']);

    const me = await m.call('GET', '/auth/user', { token: c.token });
    expect(me.json.data.notifications.orders.data[0].title).toBe('Посылка в пути');
  });

  it('dispatches all matching the filter in one step', async () => {
    const c = await parcelsIn(ctx, 'china_warehouse', [1, 1]);
    const prefix = c.codes[0]!.slice(0, -2);
    const res = await m.dispatch(staff.warehouse, { all_matching: { q: prefix } });
    expect(res.json.data.counts.moved).toBeGreaterThanOrEqual(2);
    const left = await m.call('GET', `/manage/dispatch?q=${prefix}`, { token: staff.warehouse });
    expect(left.json.meta.total).toBe(0);
  });

  it('exactly one way to choose', async () => {
    expect((await m.dispatch(staff.warehouse, {})).status).toBe(422);
    expect((await m.dispatch(staff.warehouse, { order_ids: [1], track_codes: ['ABCDE1'] })).status).toBe(422);
  });
});

describe('arrival at a branch', () => {
  it('prices each parcel (weight × tariff), sets storage, notifies; flags other branches and already-arrived', async () => {
    const c = await parcelsIn(ctx, 'in_transit', [1.5, 0.333]);
    const stillInChina = await parcelsIn(ctx, 'china_warehouse', [1]);
    const res = await m.arrive(staff.branch, { track_codes: [...c.codes, stillInChina.codes[0], 'MISSING0001'] });
    expect(res.status).toBe(200);
    const [a, b, china, missing] = res.json.data.results;
    expect(a.outcome).toBe('moved');
    expect(a.parcel).toMatchObject({
      status: 'at_branch',
      tariff,
      price: priceFor(1.5, tariff, 'KZT'), // rounded once to whole tenge (ADR 072)
      branch: { id: staff.branchId },
    });
    expect(b.parcel.price).toBe(priceFor(0.333, tariff, 'KZT'));
    expect(a.parcel.storage_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days = (Date.parse(a.parcel.storage_until) - Date.parse(new Date().toISOString().slice(0, 10))) / 86400000;
    expect(days).toBeGreaterThanOrEqual(13);
    expect(days).toBeLessThanOrEqual(15);
    expect(china.outcome).toBe('wrong_status');
    expect(missing.outcome).toBe('not_found');
    const twice = await m.arrive(staff.branch, { track_codes: [c.codes[0]] });
    expect(twice.json.data.results[0].outcome).toBe('already_done');
    const me = await m.call('GET', '/auth/user', { token: c.token });
    expect(me.json.data.notifications.orders.data[0].body).toContain('К оплате');
  });

  it('a parcel addressed to another branch is flagged, and accepted only with the explicit flag', async () => {
    const c = await parcelsIn(ctx, 'in_transit', [2]);
    const flagged = await m.arrive(staff.otherBranch, { track_codes: c.codes });
    const r = flagged.json.data.results[0];
    expect(r.outcome).toBe('other_branch');
    expect(r.addressed_to.id).toBe(staff.branchId);
    expect(r.parcel.status).toBe('in_transit');
    const accepted = await m.arrive(staff.otherBranch, { track_codes: c.codes, accept_other_branch: true, reason: 'Customer moved' });
    const moved = accepted.json.data.results[0];
    expect(moved.outcome).toBe('moved');
    expect(moved.parcel.branch.id).toBe(staff.otherBranchId);
    const detail = await m.call('GET', `/manage/parcel?code=${c.codes[0]}`, { token: staff.admin });
    const arrived = detail.json.data.history.find((e: { action: string }) => e.action === 'arrived');
    expect(arrived.details.redirected_from).toBe(staff.branchId);
    expect(arrived.branch.id).toBe(staff.otherBranchId);
  });

  it('admins name the branch', async () => {
    const c = await parcelsIn(ctx, 'in_transit', [1]);
    const none = await m.arrive(staff.admin, { track_codes: c.codes });
    expect(none.status).toBe(422);
    expect(none.json.code).toBe('branch_required');
    const ok = await m.arrive(staff.admin, { track_codes: c.codes, branch_id: staff.branchId });
    expect(ok.json.data.counts.moved).toBe(1);
  });
});

describe('hand-over', () => {
  it('QR code → parcels here with prices and total → complete → delivered, receipt, notification', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1, 2.5, 0.75]);
    const qr = await m.call('GET', '/qr', { token: c.token });
    const look = await m.lookup(staff.branch, { customer: qr.json.data.token });
    expect(look.status).toBe(200);
    const d = look.json.data;
    expect(d.customer.id).toBe(c.user.id);
    expect(d.parcels.map((p: { track_code: string }) => p.track_code).sort()).toEqual([...c.codes].sort());
    const expected = [1, 2.5, 0.75].reduce((s, w) => s + priceFor(w, tariff, 'KZT'), 0);
    expect(d.total).toBeCloseTo(expected, 2);
    expect(d.total_weight).toBe(4.25);
    expect(d.currency).toBe('KZT');

    for (const ref of [c.user.client_code, c.user.client_code.toLowerCase().replace('-', ''), c.phone, `8${c.phone.slice(2)}`]) {
      const byRef = await m.lookup(staff.branch, { customer: ref });
      expect(byRef.status, ref).toBe(200);
      expect(byRef.json.data.customer.id).toBe(c.user.id);
    }

    const some = d.parcels.slice(0, 2).map((p: { id: number }) => p.id);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, order_ids: some, payment_method: 'card' });
    expect(done.status).toBe(200);
    const receipt = done.json.data;
    expect(receipt.items).toHaveLength(2);
    expect(receipt).toMatchObject({ payment_method: 'card', currency: 'KZT', branch: { id: staff.branchId }, customer: { id: c.user.id } });
    expect(receipt.staff.name).toBeTruthy();
    expect(receipt.total).toBeCloseTo(
      receipt.items.reduce((s: number, i: { price: number }) => s + i.price, 0),
      2,
    );

    const after = await m.lookup(staff.branch, { customer: c.user.client_code });
    expect(after.json.data.parcels).toHaveLength(1);
    const rest = await m.complete(staff.branch, { customer_id: c.user.id, payment_method: 'cash' });
    expect(rest.json.data.items).toHaveLength(1);
    const nothing = await m.complete(staff.branch, { customer_id: c.user.id, payment_method: 'cash' });
    expect(nothing.status).toBe(409);
    expect(nothing.json.code).toBe('handover_changed');

    // The customer sees it delivered, gets one notification per hand-over, and can open their receipt.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, some[0]));
    expect(row!.deliveredAt).not.toBeNull();
    expect(row!.receiptId).toBe(receipt.id);
    const me = await m.call('GET', '/auth/user', { token: c.token });
    const note = me.json.data.notifications.orders.data[0];
    expect(note.link).toBe(`/orders/receipt?id=${rest.json.data.id}`);
    const own = await m.call('GET', `/receipts/${receipt.id}`, { token: c.token, lang: 'en' });
    expect(own.status).toBe(200);
    expect(own.json.data.items).toHaveLength(2);
    const stranger = await registerCustomer(ctx);
    expect((await m.call('GET', `/receipts/${receipt.id}`, { token: stranger.token })).status).toBe(404);
    expect((await m.call('GET', `/receipts/${receipt.id}`, { token: staff.warehouse })).status).toBe(200);
    expect((await m.call('GET', `/receipts/${receipt.id}`)).status).toBe(401);
    expect((await m.call('GET', '/receipts/999999', { token: staff.admin })).status).toBe(404);
  });

  it('a forged, foreign or revoked QR is refused with a clear message', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const { json } = await m.call('GET', '/qr', { token: c.token });
    const token: string = json.data.token;
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const f = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: forged }, lang: 'en' });
    expect(f.status).toBe(422);
    expect(f.json.code).toBe('qr_invalid');
    expect(f.json.message).toContain('not valid');
    const foreign = await m.lookup(staff.branch, { customer: 'https://other-cargo.example/qr/123456' });
    expect(foreign.json.code).toBe('qr_foreign');
    const customerAccessToken = await m.lookup(staff.branch, { customer: `ORDA1.${c.token}` });
    expect(customerAccessToken.json.code).toBe('qr_invalid');

    await ctx.database.db.update(users).set({ qrVersion: 2 }).where(eq(users.id, c.user.id));
    const revoked = await m.lookup(staff.branch, { customer: token });
    expect(revoked.status).toBe(422);
    expect(revoked.json.code).toBe('qr_revoked');
    const fresh = await m.call('GET', '/qr', { token: c.token });
    expect((await m.lookup(staff.branch, { customer: fresh.json.data.token })).status).toBe(200);
    expect((await m.lookup(staff.branch, { customer: 'KZ-99999999' })).json.code).toBe('customer_not_found');
  });

  it('parcels at another branch are not handed over here, and lookup says where they wait', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const there = await m.lookup(staff.otherBranch, { customer: c.user.client_code });
    expect(there.json.data.parcels).toHaveLength(0);
    expect(there.json.data.elsewhere).toEqual([{ branch: { id: staff.branchId, name: expect.any(String) }, count: 1 }]);
    const [p] = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data.parcels;
    const wrong = await m.complete(staff.otherBranch, { customer_id: c.user.id, order_ids: [p.id], payment_method: 'cash' });
    expect(wrong.status).toBe(409);
  });

  it('concurrent hand-overs of the same parcel: exactly one succeeds, one receipt', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1.2]);
    const [p] = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data.parcels;
    const results = await Promise.all([
      m.complete(staff.branch, { customer_id: c.user.id, order_ids: [p.id], payment_method: 'cash' }),
      m.complete(staff.branch, { customer_id: c.user.id, order_ids: [p.id], payment_method: 'card' }),
      m.complete(staff.admin, { customer_id: c.user.id, payment_method: 'transfer', branch_id: staff.branchId }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, p.id));
    const winner = results.find((r) => r.status === 200)!;
    expect(row!.receiptId).toBe(winner.json.data.id);
  });

  it('bad payment method or customer → 422 / 404', async () => {
    expect((await m.complete(staff.branch, { customer_id: 1, payment_method: 'crypto' })).status).toBe(422);
    expect((await m.complete(staff.branch, { customer_id: 999999, payment_method: 'cash' })).status).toBe(404);
  });
});

describe('unclaimed parcels', () => {
  it('searches by partial code and assigns to a customer by phone or client code', async () => {
    const code = newCode('UC');
    const res = await m.receive(staff.warehouse, { track_code: code, weight: 4 });
    const list = await m.call('GET', `/manage/unclaimed?q=${code.slice(3, 10).toLowerCase()}`, { token: staff.warehouse });
    expect(list.json.data.map((p: { track_code: string }) => p.track_code)).toContain(code);
    const customer = await registerCustomer(ctx);
    const assigned = await m.call('POST', `/manage/unclaimed/${res.json.data.parcel.id}/assign`, {
      token: staff.warehouse,
      body: { customer: customer.phone },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json.data.customer.id).toBe(customer.user.id);
    expect(assigned.json.data.branch.id).toBe(customer.user.branch_id);
    const twice = await m.call('POST', `/manage/unclaimed/${res.json.data.parcel.id}/assign`, {
      token: staff.warehouse,
      body: { customer: customer.user.client_code },
    });
    expect(twice.status).toBe(409);
    const after = await m.call('GET', `/manage/unclaimed?q=${code}`, { token: staff.warehouse });
    expect(after.json.meta.total).toBe(0);
    const nobody = await m.call('POST', `/manage/unclaimed/${res.json.data.parcel.id}/assign`, {
      token: staff.warehouse,
      body: { customer: 'KZ-0' },
    });
    expect(nobody.status).toBe(404);
    const me = await m.call('GET', '/auth/user', { token: customer.token });
    expect(me.json.data.notifications.orders.unread).toBe(1);
  });
});

describe('find', () => {
  it('customers by phone, client code or name, with parcel counts; one customer with parcels', async () => {
    const c = await parcelsIn(ctx, 'china_warehouse', [1]);
    const unique = `Zhanar${process.pid}`;
    await ctx.database.db.update(users).set({ lastName: unique }).where(eq(users.id, c.user.id));
    for (const q of [
      c.phone,
      c.phone.slice(-7),
      c.user.client_code,
      c.user.client_code.split('-')[1]!,
      unique.toLowerCase(),
      `test ${unique}`,
    ]) {
      const res = await m.call('GET', `/manage/customers?q=${encodeURIComponent(q)}`, { token: staff.branch });
      expect(res.status, q).toBe(200);
      const hit = res.json.data.find((u: { id: number }) => u.id === c.user.id);
      expect(hit, q).toBeDefined();
      expect(hit.parcel_counts).toEqual({ china_warehouse: 1 });
    }
    const staffNotFound = await m.call('GET', `/manage/customers?q=${encodeURIComponent('+77010000002')}`, { token: staff.branch });
    expect(staffNotFound.json.data).toEqual([]);
    expect((await m.call('GET', '/manage/customers?q=a', { token: staff.branch })).status).toBe(422);
    const one = await m.call('GET', `/manage/customers/${c.user.id}`, { token: staff.warehouse });
    expect(one.json.data.parcels.map((p: { track_code: string }) => p.track_code)).toEqual(c.codes);
  });

  it('a parcel by code with its history: who, what, when, where from', async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1]);
    const res = await m.call('GET', `/manage/parcel?code=${c.codes[0]!.toLowerCase()}`, { token: staff.branch, lang: 'en' });
    expect(res.status).toBe(200);
    const h = res.json.data.history;
    expect(h.map((e: { action: string }) => e.action)).toEqual(['received', 'claimed', 'dispatched', 'arrived']);
    expect(h[0].actor.role).toBe('staff');
    expect(h[0].ip).toBeTruthy();
    expect(h[3].branch.id).toBe(staff.branchId);
    expect(h[3].status).toBe('at_branch');
    expect((await m.call('GET', '/manage/parcel?code=NOPE99999', { token: staff.branch })).status).toBe(404);
  });
});
