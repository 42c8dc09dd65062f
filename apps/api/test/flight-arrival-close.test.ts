import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, orderStatuses } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** A flight's arrival at a branch: progress per scan, and "the whole flight arrived" with missing and unexpected (ADR 074). */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

const today = new Date().toISOString().slice(0, 10);
const newFlight = async () => {
  const res = await m.call('POST', '/manage/flights', {
    token: staff.warehouse,
    body: {
      mode: 'truck',
      carrier_ref: 'TRK-074',
      departure_date: today,
      arrivals: [{ branch_id: staff.branchId, expected_arrival: today }],
    },
  });
  expect(res.status).toBe(200);
  return res.json.data.id as number;
};
const progress = async (flightId: number) => {
  const list = await m.call('GET', '/manage/flights', { token: staff.branch });
  const f = list.json.data.find((x: { id: number }) => x.id === flightId);
  return { arrived: f.arrivals[0].arrived as number, parcels: f.arrivals[0].parcels as number };
};
const codesOf = (list: { track_code: string }[]) => list.map((p) => p.track_code).sort();

describe('flight arrival', () => {
  it('counts each scan at once; closing lists missing and unexpected, keeps missing in transit, audits, and closes once', async () => {
    const flightId = await newFlight();
    const onFlight = await parcelsIn(ctx, 'china_warehouse', [1, 1, 1, 1], { prefix: 'FA' });
    const stray = await parcelsIn(ctx, 'china_warehouse', [1], { prefix: 'FX' });
    expect((await m.dispatch(staff.warehouse, { track_codes: onFlight.codes, flight_id: flightId })).json.data.counts.moved).toBe(4);
    expect((await m.dispatch(staff.warehouse, { track_codes: stray.codes })).json.data.counts.moved).toBe(1);
    expect(await progress(flightId)).toEqual({ arrived: 0, parcels: 4 });

    // Each scan moves the counter (what the arrival screen refetches after every scan).
    const [c1, c2, c3, missing] = onFlight.codes as [string, string, string, string];
    for (const [i, code] of [c1, c2, c3].entries()) {
      expect((await m.arrive(staff.branch, { track_codes: [code] })).json.data.counts.moved).toBe(1);
      expect(await progress(flightId)).toEqual({ arrived: i + 1, parcels: 4 });
    }
    expect((await m.arrive(staff.branch, { track_codes: stray.codes })).json.data.counts.moved).toBe(1);

    const url = `/manage/flights/${flightId}/arrival`;
    const check = await m.call('GET', url, { token: staff.branch });
    expect(check.status).toBe(200);
    expect(check.json.data).toMatchObject({ expected: 4, closed_at: null, branch: { id: staff.branchId } });
    expect(codesOf(check.json.data.arrived)).toEqual([c1, c2, c3].sort());
    expect(codesOf(check.json.data.missing)).toEqual([missing]);
    expect(codesOf(check.json.data.unexpected)).toEqual(stray.codes);

    // Another branch's clerk cannot see or close this branch's share; an admin must name the branch.
    expect((await m.call('GET', url, { token: staff.otherBranch })).status).toBe(404);
    expect((await m.call('GET', url, { token: staff.admin })).status).toBe(422);
    const close = (token: string, body: Record<string, unknown>, lang = 'en') => m.call('POST', `${url}/close`, { token, body, lang });
    expect((await close(staff.otherBranch, { missing: 1, unexpected: 1 })).status).toBe(404);
    expect((await close(staff.branch, { missing: -1, unexpected: 1 })).status).toBe(422);

    // Counts the clerk saw that no longer hold (a scan since): refused, nothing closed.
    const stale = await close(staff.branch, { missing: 2, unexpected: 1 }, 'ru');
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 'flight_arrival_changed', message: expect.stringContaining('проверьте списки') });

    const closed = await close(staff.branch, { missing: 1, unexpected: 1 });
    expect(closed.status).toBe(200);
    expect(closed.json.data.closed_at).not.toBeNull();
    expect(closed.json.data.closed_by).toBeTruthy();
    expect(codesOf(closed.json.data.missing)).toEqual([missing]);

    // The missing parcel is not marked arrived: it stays in transit for follow-up.
    const [row] = await ctx.database.db
      .select({ status: orderStatuses.code })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
      .where(inArray(orders.trackCode, [missing]));
    expect(row!.status).toBe('in_transit');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flight.arrival_closed'), eq(auditLog.targetId, String(flightId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({
      arrived: 3,
      missing: 1,
      unexpected: 1,
      missing_codes: [missing],
      unexpected_codes: stray.codes,
    });

    const again = await close(staff.branch, { missing: 1, unexpected: 1 }, 'kk');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'flight_arrival_closed', message: 'Бұл рейстің қабылдауы пунктте жабылған' });
    expect((await m.call('GET', url, { token: staff.branch })).json.data.closed_at).toBe(closed.json.data.closed_at);
  });

  it('a burst of parallel closes: exactly one wins, one audit row', async () => {
    const flightId = await newFlight();
    const p = await parcelsIn(ctx, 'china_warehouse', [1, 1], { prefix: 'FB' });
    await m.dispatch(staff.warehouse, { track_codes: p.codes, flight_id: flightId });
    await m.arrive(staff.branch, { track_codes: [p.codes[0]] });
    const check = (await m.call('GET', `/manage/flights/${flightId}/arrival`, { token: staff.branch })).json.data;
    const body = { missing: check.missing.length, unexpected: check.unexpected.length };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        m.call('POST', `/manage/flights/${flightId}/arrival/close`, {
          token: i % 2 ? staff.admin : staff.branch,
          body: { ...body, branch_id: staff.branchId },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.json.code === 'flight_arrival_closed')).toHaveLength(9);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flight.arrival_closed'), eq(auditLog.targetId, String(flightId))));
    expect(audit).toHaveLength(1);
  });
});
