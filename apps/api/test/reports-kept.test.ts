import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, REPORT_TIME_ZONE, toMinor } from '@portal/contract';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/**
 * The dashboard reads flows and revenue from counts kept beside the orders (parcels module) and the payments journal
 * (payments module), ADR 061. They must always equal what the dashboard counted before from the rows themselves:
 * each timestamp's day in REPORT_TIME_ZONE by the branch a parcel is addressed to now, and the journal's sums per
 * business day, branch, method and currency — after claims that give a parcel its branch, re-addressed arrivals,
 * partial payments, debt payments, reversals and parallel transitions.
 */

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
type Flow = { day: string; branch_id: number | null; kind: string; n: number };
type Revenue = { d: string; branch_id: number; method: string; provider: string; currency: string; amount: string; n: number };

const byKey = <T extends object>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

/** The flows recounted from the orders' own timestamps, as the dashboard counted them before it kept them. */
async function recountFlows(): Promise<Flow[]> {
  const one = (col: string, kind: string) =>
    sql.raw(
      `select (${col} at time zone '${REPORT_TIME_ZONE}')::date::text as day, branch_id, '${kind}' as kind from orders where ${col} is not null`,
    );
  return rowsOf<Flow>(
    await ctx.database.db.execute(sql`
      select day, branch_id, kind, count(*)::int as n from (
        ${one('received_at', 'received')} union all ${one('dispatched_at', 'dispatched')}
        union all ${one('arrived_at', 'arrived')} union all ${one('delivered_at', 'delivered')}
      ) f group by day, branch_id, kind`),
  );
}
async function keptFlows(): Promise<Flow[]> {
  return rowsOf<Flow>(await ctx.database.db.execute(sql`select day::text as day, branch_id, kind, n from parcel_flow_days where n <> 0`));
}
async function recountRevenue(): Promise<Revenue[]> {
  return rowsOf<Revenue>(
    await ctx.database.db.execute(sql`
      select business_date::text as d, branch_id, method, coalesce(provider, '') as provider, currency,
             sum(amount)::bigint::text as amount, count(*)::int as n
        from payments group by 1, 2, 3, 4, 5`),
  );
}
async function keptRevenue(): Promise<Revenue[]> {
  return rowsOf<Revenue>(
    await ctx.database.db.execute(sql`
      select business_date::text as d, branch_id, method, provider, currency, amount::bigint::text as amount, n from revenue_days`),
  );
}
async function expectKeptEqualsRecount() {
  expect(byKey(await keptFlows())).toEqual(byKey(await recountFlows()));
  expect(byKey(await keptRevenue())).toEqual(byKey(await recountRevenue()));
}

const today = () => localDate(new Date(), REPORT_TIME_ZONE);
async function flowsToday(branchId: number) {
  const d = await m.call('GET', `/manage/reports?from=${today()}&to=${today()}&branch_id=${branchId}`, { token: staff.admin });
  expect(d.status).toBe(200);
  return d.json.data.flows_total as { received: number; dispatched: number; arrived: number; delivered: number };
}

describe('kept flows and revenue', () => {
  it('equal a recount from the orders and the journal after a mixed workload', async () => {
    // The demo seed's parcels (months of history, every status) are counted already.
    await expectKeptEqualsRecount();

    const here = await registerCustomer(ctx, { branch_id: staff.branchId });
    const there = await registerCustomer(ctx, { branch_id: staff.otherBranchId });
    // Saved before receipt: addressed to the customer's branch at once.
    const owned = [newCode('KF'), newCode('KF'), newCode('KF')];
    for (const code of owned) await m.saveTrack(here.token, code);
    // Received without an owner (no branch yet), then claimed: its receipt moves to the claimer's branch.
    const lost = newCode('KF');
    // Addressed to the other branch, then taken in here (re-addressed): its receipt and dispatch move here.
    const away = newCode('KF');
    await m.saveTrack(there.token, away);
    for (const code of [...owned, lost, away])
      expect((await m.receive(staff.warehouse, { track_code: code, weight: 2.5 })).status).toBe(200);
    await expectKeptEqualsRecount();
    expect((await m.saveTrack(there.token, lost)).status).toBe(200);
    await expectKeptEqualsRecount();

    const dispatched = await m.dispatch(staff.warehouse, { track_codes: [...owned, lost, away] });
    expect(dispatched.status).toBe(200);
    await expectKeptEqualsRecount();
    expect(
      (await m.arrive(staff.branch, { track_codes: [...owned, away], accept_other_branch: true, reason: 'Label misread' })).status,
    ).toBe(200);
    expect((await m.arrive(staff.otherBranch, { track_codes: [lost] })).status).toBe(200);
    await expectKeptEqualsRecount();

    // Two of three parcels paid for, in two methods, the rest a debt; then part of the debt, then a reversal.
    const look = (await m.lookup(staff.branch, { customer: here.user.client_code })).json.data;
    const two = toMinor(look.parcels[0].price) + toMinor(look.parcels[1].price);
    const done = await m.complete(staff.branch, {
      customer_id: here.user.id,
      payments: [
        { method: 'cash', amount: two - 500 },
        { method: 'card', amount: 500 },
      ],
      accept_debt: true,
    });
    expect(done.status).toBe(200);
    const paidDebt = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: here.user.id, payments: [{ method: 'kaspi_qr', amount: 1000 }] },
    });
    expect(paidDebt.status).toBe(200);
    const card = (done.json.data.payments as { id: number; method: string }[]).find((p) => p.method === 'card')!;
    expect(
      (await m.call('POST', `/manage/payments/${card.id}/reverse`, { token: staff.admin, body: { reason: 'Card failed' } })).status,
    ).toBe(200);
    const away2 = await m.lookup(staff.branch, { customer: there.user.client_code });
    expect(
      (
        await m.complete(staff.branch, {
          customer_id: there.user.id,
          payments: [{ method: 'transfer', amount: away2.json.data.total_minor }],
        })
      ).status,
    ).toBe(200);
    await expectKeptEqualsRecount();

    // Admin corrections (ADR 062): a status one step back clears its timestamp, one step forward sets it today, and an
    // undone hand-over takes the receipt's deliveries back; the counts follow each.
    const correct = async (code: string, body: Record<string, unknown>) => {
      const { parcel } = (await m.call('GET', `/manage/parcel?code=${code}`, { token: staff.admin })).json.data;
      const res = await m.call('POST', `/manage/parcels/${parcel.id}/corrections`, {
        token: staff.admin,
        body: { reason: 'Scanned by mistake', updated_at: parcel.updated_at, ...body },
      });
      expect(res.status, res.body).toBe(200);
    };
    await correct(lost, { kind: 'status', status: 'in_transit' });
    await expectKeptEqualsRecount();
    await correct(lost, { kind: 'status', status: 'at_branch' });
    const late = newCode('KF');
    await m.saveTrack(here.token, late);
    await m.receive(staff.warehouse, { track_code: late, weight: 1 });
    await correct(late, { kind: 'status', status: 'in_transit' });
    await expectKeptEqualsRecount();
    await correct(late, { kind: 'status', status: 'china_warehouse' });
    await correct(owned[0]!, { kind: 'undo_handover' });
    await expectKeptEqualsRecount();

    // And the dashboard answers what the recount gives, for every branch and for one.
    const from = addDays(today(), -120);
    const recount = await recountFlows();
    for (const branchId of [undefined, staff.branchId, staff.otherBranchId]) {
      const d = (
        await m.call('GET', `/manage/reports?from=${from}&to=${today()}${branchId ? `&branch_id=${branchId}` : ''}`, { token: staff.admin })
      ).json.data;
      const want = { received: 0, dispatched: 0, arrived: 0, delivered: 0 };
      for (const r of recount)
        if (r.day >= from && r.day <= today() && (branchId === undefined || r.branch_id === branchId))
          want[r.kind as keyof typeof want] += r.n;
      expect(d.flows_total, `flows of branch ${branchId ?? 'all'}`).toEqual(want);
      if (branchId !== staff.otherBranchId) expect(want.delivered).toBeGreaterThan(0);
      const delivered = (d.parcels_by_status as { status: string; count: number }[])
        .filter((s) => s.status === 'delivered')
        .reduce((s, r) => s + r.count, 0);
      expect(delivered).toBe(want.delivered);
    }
    const todayRevenue = (await m.call('GET', `/manage/reports?from=${today()}&to=${today()}`, { token: staff.admin })).json.data.revenue;
    const journal = (await recountRevenue()).filter((r) => r.d === today());
    expect(
      byKey(
        (
          todayRevenue as {
            date: string;
            branch_id: number;
            method: string;
            provider: string | null;
            currency: string;
            amount: number;
            count: number;
          }[]
        ).map((r) => ({
          d: r.date,
          branch_id: r.branch_id,
          method: r.method,
          provider: r.provider ?? '',
          currency: r.currency,
          amount: String(r.amount),
          n: r.count,
        })),
      ),
    ).toEqual(byKey(journal));
    // The reversed card payment is there as two journal rows summing to nothing.
    expect(journal.find((r) => r.method === 'card' && r.branch_id === staff.branchId)).toMatchObject({ amount: '0', n: 2 });
  }, 120_000);

  it('stay exact under parallel receipts, claims, arrivals and hand-overs', async () => {
    const N = 6;
    const customers = await Promise.all(Array.from({ length: N }, () => registerCustomer(ctx, { branch_id: staff.branchId })));
    const codes = customers.map(() => newCode('KP'));
    await Promise.all(customers.map((c, i) => m.saveTrack(c.token, codes[i]!)));
    const before = await flowsToday(staff.branchId);

    // N receipts at once, each its own request (its own transaction and connection on PostgreSQL).
    const received = await Promise.all(codes.map((code) => m.receive(staff.warehouse, { track_code: code, weight: 1 })));
    expect(received.map((r) => r.status)).toEqual(codes.map(() => 200));
    // N unowned receipts claimed at once by N customers of this branch.
    const loose = customers.map(() => newCode('KL'));
    await Promise.all(loose.map((code) => m.receive(staff.warehouse, { track_code: code, weight: 1 })));
    const claims = await Promise.all(customers.map((c, i) => m.saveTrack(c.token, loose[i]!)));
    expect(claims.map((r) => r.status)).toEqual(codes.map(() => 200));
    expect((await m.dispatch(staff.warehouse, { track_codes: [...codes, ...loose] })).status).toBe(200);
    // N arrivals at once, one parcel each, and the same parcels again (only one of each pair moves it).
    const arrivals = await Promise.all([...codes, ...loose, ...codes].map((code) => m.arrive(staff.branch, { track_codes: [code] })));
    expect(arrivals.every((r) => r.status === 200)).toBe(true);
    // N hand-overs at once, one customer each.
    const handed = await Promise.all(
      customers.map((c) => m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true })),
    );
    expect(handed.map((r) => r.status)).toEqual(codes.map(() => 200));

    const after = await flowsToday(staff.branchId);
    expect(after.received - before.received).toBe(2 * N);
    expect(after.dispatched - before.dispatched).toBe(2 * N);
    expect(after.arrived - before.arrived).toBe(2 * N);
    expect(after.delivered - before.delivered).toBe(2 * N);
    await expectKeptEqualsRecount();
  }, 120_000);
});
