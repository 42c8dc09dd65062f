import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, type TCapability } from '@portal/contract';
import { auditLog, orders } from '../src/db/schema';
import { text } from '../src/texts/texts';
import { parcelsIn, staffAt } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** Capabilities per staff account (issue 32, ADR 075): granted by the admin, checked by one guard, within the clerk's reach. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

/** A new clerk at the demo branch (or another), holding exactly `caps` as the admin set them. */
async function clerk(caps: TCapability[], branchId = staff.branchId) {
  const member = await staffAt(ctx, { kind: 'branch', branch_id: branchId });
  await grant(member.user.id, caps);
  return { token: member.token, id: member.user.id };
}

async function grant(userId: number, capabilities: TCapability[]) {
  const res = await m.call('PATCH', `/admin/users/${userId}`, { token: staff.admin, body: { capabilities } });
  expect(res.status, res.body).toBe(200);
  return res.json.data as { capabilities: string[]; role: string };
}

async function parcelView(code: string) {
  const res = await m.call('GET', `/manage/parcel?code=${code}`, { token: staff.admin });
  expect(res.status).toBe(200);
  return res.json.data.parcel as { id: number; updated_at: string; status: string; weight: number };
}

const correct = (token: string, id: number, body: Record<string, unknown>, lang = 'en') =>
  m.call('POST', `/manage/parcels/${id}/corrections`, { token, body: { reason: 'Mistyped at the counter', ...body }, lang });

/** A parcel of a new customer waiting at the demo branch (or handed over there: `delivered`). */
async function waiting(status: 'at_branch' | 'delivered' = 'at_branch', branchId?: number) {
  const made = await parcelsIn(ctx, status, [1.2], {
    prefix: 'CP',
    ...(branchId && { customer: { branchId }, arrive: { branch_id: branchId }, by: { branch: staff.admin } }),
  });
  return { ...made, parcel: await parcelView(made.codes[0]!) };
}

describe('capabilities', () => {
  it('are granted per account, audited, kept for staff only; admins hold all; bad lists are 422', async () => {
    const c = await clerk([]);
    const granted = await grant(c.id, ['undo', 'corrections']);
    expect(granted.capabilities).toEqual(['corrections', 'undo']);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.targetId, String(c.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((row!.before as { capabilities: string[] }).capabilities).toEqual([]);
    expect((row!.after as { capabilities: string[] }).capabilities).toEqual(['corrections', 'undo']);
    for (const capabilities of [['fly'], ['undo', 'undo'], 'undo', [1]]) {
      const res = await m.call('PATCH', `/admin/users/${c.id}`, { token: staff.admin, body: { capabilities } });
      expect(res.status, JSON.stringify(capabilities)).toBe(422);
    }
    const admins = await m.call('GET', '/admin/users?filters[role]=admin', { token: staff.admin });
    expect(admins.json.data[0].capabilities).toEqual([...CAPABILITIES]);
    // Staff made from a customer get the default set (reports and exports), as every clerk had before.
    const fresh = await staffAt(ctx, { kind: 'branch', branch_id: staff.branchId });
    const listed = await m.call('GET', `/admin/users/${fresh.user.id}`, { token: staff.admin });
    expect(listed.json.data.user.capabilities).toEqual(['exports', 'reports']);
    // Only admins grant.
    expect((await m.call('PATCH', `/admin/users/${c.id}`, { token: c.token, body: { capabilities: ['refunds'] } })).status).toBe(403);
  });

  it('corrections: 403 without (in the caller language), allowed from the next request once granted, 403 again once withdrawn', async () => {
    const c = await clerk([]);
    const w = await waiting();
    const body = { kind: 'weight', weight: 1.4, updated_at: w.parcel.updated_at };
    const refused = await correct(c.token, w.parcel.id, body, 'ru');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(text('errors.forbidden', 'ru'));
    expect((await m.call('GET', '/manage/context', { token: c.token })).json.data.capabilities).toEqual([]);
    await grant(c.id, ['corrections']);
    // The same session: the user row is read per request.
    expect((await m.call('GET', '/manage/context', { token: c.token })).json.data.capabilities).toEqual(['corrections']);
    const done = await correct(c.token, w.parcel.id, body);
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.parcel.weight).toBe(1.4);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parcel.corrected'), eq(auditLog.targetId, String(w.parcel.id))));
    expect(audit?.actorId).toBe(c.id);
    await grant(c.id, []);
    const again = await correct(c.token, w.parcel.id, { kind: 'weight', weight: 1.5, updated_at: done.json.data.parcel.updated_at });
    expect(again.status).toBe(403);
  });

  it("corrections reach the clerk's own branch and parcels waiting there; a status step stays the admin's", async () => {
    const c = await clerk(['corrections', 'undo']);
    const elsewhere = await waiting('at_branch', staff.otherBranchId);
    expect(
      (await correct(c.token, elsewhere.parcel.id, { kind: 'weight', weight: 2, updated_at: elsewhere.parcel.updated_at })).status,
    ).toBe(403);
    const onTheWay = await parcelsIn(ctx, 'in_transit', [1], { prefix: 'CP' });
    const transit = await parcelView(onTheWay.codes[0]!);
    expect((await correct(c.token, transit.id, { kind: 'weight', weight: 2, updated_at: transit.updated_at })).status).toBe(403);
    const here = await waiting();
    const step = await correct(c.token, here.parcel.id, { kind: 'status', status: 'in_transit', updated_at: here.parcel.updated_at });
    expect(step.status).toBe(403);
    const price = await correct(c.token, here.parcel.id, { kind: 'price', amount: 100000, updated_at: here.parcel.updated_at });
    expect(price.status, price.body).toBe(200);
    // Warehouse staff with the capability correct what is still at the warehouse, never a branch's parcel.
    const wh = await staffAt(ctx, { kind: 'china_warehouse' });
    await grant(wh.user.id, ['corrections', 'undo']);
    const received = await parcelsIn(ctx, 'china_warehouse', [1], { prefix: 'CP' });
    const atWarehouse = await parcelView(received.codes[0]!);
    expect((await correct(wh.token, atWarehouse.id, { kind: 'weight', weight: 3, updated_at: atWarehouse.updated_at })).status).toBe(200);
    const fresh = await parcelView(here.codes[0]!);
    expect((await correct(wh.token, fresh.id, { kind: 'weight', weight: 3, updated_at: fresh.updated_at })).status).toBe(403);
  });

  it("undo: today's hand-over at the own branch; yesterday's is 409 for the clerk and still the admin's to undo", async () => {
    const without = await clerk(['corrections']);
    const c = await clerk(['undo']);
    const today = await waiting('delivered');
    const body = { kind: 'undo_handover', updated_at: today.parcel.updated_at };
    expect((await correct(without.token, today.parcel.id, body)).status).toBe(403);
    const undone = await correct(c.token, today.parcel.id, body);
    expect(undone.status, undone.body).toBe(200);
    expect(undone.json.data.parcel.status).toBe('at_branch');
    expect(undone.json.data.undone_receipt.id).toBe(today.receipt!.id);

    const old = await waiting('delivered');
    const yesterday = new Date(Date.now() - 25 * 3600_000);
    await ctx.database.db.update(orders).set({ deliveredAt: yesterday }).where(inArray(orders.id, old.ids));
    const late = await correct(c.token, old.parcel.id, { kind: 'undo_handover', updated_at: old.parcel.updated_at }, 'kk');
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('undo_not_same_day');
    expect(late.json.message).toBe(text('errors.undo_not_same_day', 'kk'));
    expect((await correct(staff.admin, old.parcel.id, { kind: 'undo_handover', updated_at: old.parcel.updated_at })).status).toBe(200);

    const other = await clerk(['undo'], staff.otherBranchId);
    const mine = await waiting('delivered');
    expect((await correct(other.token, mine.parcel.id, { kind: 'undo_handover', updated_at: mine.parcel.updated_at })).status).toBe(403);
  });

  it('undo under a burst of parallel requests: exactly one wins, the money is reversed once', async () => {
    const c = await clerk(['undo']);
    const handed = await waiting('delivered');
    const body = { kind: 'undo_handover', updated_at: handed.parcel.updated_at };
    const answers = await Promise.all(Array.from({ length: 8 }, () => correct(c.token, handed.parcel.id, body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const reversals = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parcel.corrected'), eq(auditLog.targetId, String(handed.parcel.id))));
    expect(reversals).toHaveLength(1);
  });

  it('refunds: 403 without; with it, payments taken at the own branch only', async () => {
    const c = await clerk([]);
    const paid = await waiting('delivered');
    const payment = paid.receipt!.payments[0]!;
    const reverse = (token: string, id: number) =>
      m.call('POST', `/manage/payments/${id}/reverse`, { token, body: { reason: 'Paid twice' } });
    expect((await reverse(c.token, payment.id)).status).toBe(403);
    await grant(c.id, ['refunds']);
    const other = await clerk(['refunds'], staff.otherBranchId);
    expect((await reverse(other.token, payment.id)).status).toBe(403);
    const done = await reverse(c.token, payment.id);
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.amount).toBe(-payment.amount);
  });

  it('reports and exports: each its own capability; the reports work leaves the context without it', async () => {
    const c = await clerk(['reports', 'exports']);
    const exportUrl = '/manage/reports/export?table=status&format=csv';
    expect((await m.call('GET', '/manage/reports', { token: c.token })).status).toBe(200);
    expect((await m.call('GET', exportUrl, { token: c.token })).status).toBe(200);
    await grant(c.id, ['reports']);
    expect((await m.call('GET', exportUrl, { token: c.token })).status).toBe(403);
    await grant(c.id, ['exports']);
    expect((await m.call('GET', '/manage/reports', { token: c.token })).status).toBe(403);
    expect((await m.call('GET', '/manage/worklists/debtors', { token: c.token })).status).toBe(403);
    const context = (await m.call('GET', '/manage/context', { token: c.token })).json.data;
    expect(context.works).not.toContain('reports');
  });
});
