import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@portal/contract';
import { auditLog, branches, charges, orders, receipts } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Paid storage (ADR 073): a fee per day after the free days, per branch, kept on each parcel at arrival, shown to
 * the customer, in "to pay", charged once at hand-over as its own receipt line, waivable by staff with a reason.
 */

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let today: string;
let feePerDay: number;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  today = localDate(new Date(), b!.timeZone);
  feePerDay = b!.storageFeePerDay;
});
afterAll(async () => ctx.close());

/** A customer with parcels at the demo branch whose last free day was `daysAgo` days ago (today in the branch's zone). */
async function overdue(weights: number[], daysAgo: number[], opts: { fee?: number } = {}) {
  const c = await parcelsIn(ctx, 'at_branch', weights, { prefix: 'SF' });
  for (const [i, id] of c.ids.entries()) {
    await ctx.database.db
      .update(orders)
      .set({ storageUntil: addDays(today, -daysAgo[i]!), ...(opts.fee !== undefined ? { storageFeePerDay: opts.fee } : {}) })
      .where(eq(orders.id, id));
  }
  const lookup = await m.lookup(staff.branch, { customer: c.user.client_code });
  expect(lookup.status).toBe(200);
  return { ...c, lookup: lookup.json.data };
}

describe('storage fee', () => {
  it('arrival keeps the branch fee on the parcel; the customer sees it and nothing is owed in the free days', async () => {
    expect(feePerDay).toBe(10_000); // the demo branch: 100 ₸ a day after the free days
    const c = await parcelsIn(ctx, 'at_branch', [1], { prefix: 'SF' });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, c.ids[0]!));
    expect(row!.storageFeePerDay).toBe(10_000);
    const order = await m.call('GET', `/orders/${c.ids[0]}`, { token: c.token });
    expect(order.json.data).toMatchObject({ storage_fee_per_day: 100, storage_until: row!.storageUntil });
    const lookup = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    expect(lookup).toMatchObject({ storage: [], storage_fee: 0, branch: { storage_fee_per_day: 100 } });
  });

  it('counts the days after the last free one in the branch time zone, per parcel: lookup, waiting and receipt agree', async () => {
    // Last free day today (0 days owed), yesterday (1), three days ago (3).
    const c = await overdue([1, 1, 1], [0, 1, 3]);
    expect(c.lookup.storage.map((s: { days: number; fee: number }) => [s.days, s.fee])).toEqual([
      [1, 10_000],
      [3, 30_000],
    ]);
    expect(c.lookup.storage_fee).toBe(40_000);
    const waiting = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ storage_fee: 40_000, storage_fee_per_day: 10_000, to_pay: c.lookup.total_minor + 40_000 });

    const toPay = c.lookup.total_minor + c.lookup.storage_fee;
    const res = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: toPay }] });
    expect(res.status, res.body).toBe(200);
    const receipt = res.json.data;
    expect(receipt).toMatchObject({
      total_minor: toPay,
      paid: toPay,
      remaining: 0,
      storage_fee: 40_000,
      storage_waived: 0,
      storage_waiver_reason: null,
    });
    expect(receipt.items.map((i: { storage_days: number; storage_fee: number }) => [i.storage_days, i.storage_fee])).toEqual([
      [0, 0],
      [1, 100],
      [3, 300],
    ]);
    // The charge is the whole total, storage included: the customer owes nothing after paying it.
    const [charge] = await ctx.database.db.select().from(charges).where(eq(charges.receiptId, receipt.id));
    expect(charge!.amount).toBe(toPay);
  });

  it('paying only the parcels is short by the storage; a fee of 0 is free storage however late', async () => {
    const c = await overdue([1], [5]);
    const short = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: c.lookup.total_minor }] });
    expect(short.status).toBe(422);
    expect(short.json.code).toBe('payment_short');

    const free = await overdue([1], [30], { fee: 0 });
    expect(free.lookup).toMatchObject({ storage: [], storage_fee: 0 });
    const res = await m.complete(staff.branch, {
      customer_id: free.user.id,
      payments: [{ method: 'cash', amount: free.lookup.total_minor }],
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ storage_fee: 0, total_minor: free.lookup.total_minor });
  });

  it('staff waive the fee only with a reason; the receipt and the audit log show the waiver', async () => {
    const c = await overdue([1, 2], [2, 2]);
    expect(c.lookup.storage_fee).toBe(40_000);
    for (const reason of ['', '  ', 'ok', 'x'.repeat(501)]) {
      const bad = await m.complete(staff.branch, {
        customer_id: c.user.id,
        payments: [{ method: 'cash', amount: c.lookup.total_minor }],
        storage_waiver: { reason },
      });
      expect(bad.status).toBe(422);
    }
    const noBody = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [{ method: 'cash', amount: c.lookup.total_minor }],
      storage_waiver: {},
    });
    expect(noBody.status).toBe(422);
    const res = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [{ method: 'cash', amount: c.lookup.total_minor }],
      storage_waiver: { reason: 'Parcel was held by our mistake' },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({
      total_minor: c.lookup.total_minor,
      storage_fee: 40_000,
      storage_waived: 40_000,
      storage_waiver_reason: 'Parcel was held by our mistake',
      remaining: 0,
    });
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'receipt'), eq(auditLog.targetId, String(res.json.data.id))));
    const waiver = rows.find((r) => r.action === 'handover.waive_storage');
    expect(waiver?.after).toMatchObject({ storage_waived: 400, currency: 'KZT', reason: 'Parcel was held by our mistake', codes: c.codes });
    expect(rows.find((r) => r.action === 'handover.complete')?.after).toMatchObject({ storage_fee: 400, storage_waived: 400 });
    // The audit log reads the new action in words.
    const audit = await m.call('GET', `/admin/audit?filters[action]=handover.waive_storage`, { token: staff.admin, lang: 'ru' });
    expect(audit.status).toBe(200);
    expect(audit.json.data[0].action_name).toBe('Списал(а) плату за хранение');
  });

  it('a burst of hand-overs of the same overdue parcel charges its storage exactly once', async () => {
    const c = await overdue([1], [4]);
    const toPay = c.lookup.total_minor + c.lookup.storage_fee;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        m.complete(staff.branch, { customer_id: c.user.id, order_ids: c.ids, payments: [{ method: 'cash', amount: toPay }] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const written = await ctx.database.db.select().from(receipts).where(eq(receipts.userId, c.user.id));
    expect(written.map((r) => r.storageFee)).toEqual([40_000]);
    const charged = await ctx.database.db
      .select()
      .from(charges)
      .where(
        inArray(
          charges.receiptId,
          written.map((r) => r.id),
        ),
      );
    expect(charged.map((ch) => ch.amount)).toEqual([toPay]);
  });
});
