import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderEvents } from '../src/db/schema';
import { parcelIn, parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** Flights: dispatch puts parcels on one, customers see the expected arrival, a delay tells each customer once. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

const flightBody = (arrivals: { branch_id: number; expected_arrival: string }[]) => ({
  mode: 'truck',
  carrier_ref: 'TRK-777',
  departure_date: '2031-03-01',
  arrivals,
});

const flightMessages = async (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'flight_delayed')));

describe('flights', () => {
  it('dispatch on a flight; customers see the expected arrival; a delay tells each customer once; branches see arrived and missing', async () => {
    const created = await m.call('POST', '/manage/flights', {
      token: staff.warehouse,
      body: flightBody([{ branch_id: staff.branchId, expected_arrival: '2031-03-10' }]),
    });
    expect(created.status).toBe(200);
    const flight = created.json.data;
    expect(flight).toMatchObject({ mode: 'truck', carrier_ref: 'TRK-777', departure_date: '2031-03-01' });
    expect(flight.arrivals).toEqual([expect.objectContaining({ expected_arrival: '2031-03-10', parcels: 0, arrived: 0 })]);

    const a = await parcelsIn(ctx, 'china_warehouse', [1, 1, 1], { prefix: 'FL' }); // three parcels: still one message
    const b = await parcelsIn(ctx, 'china_warehouse', [1], { prefix: 'FL' });
    // A parcel of the other branch is not put on a flight that does not go there.
    const other = await parcelIn(ctx, 'china_warehouse', { prefix: 'FO', customer: { branchId: staff.otherBranchId } });
    const otherCode = other.code;

    const dispatched = await m.dispatch(staff.warehouse, { track_codes: [...a.codes, ...b.codes, otherCode], flight_id: flight.id });
    expect(dispatched.status).toBe(200);
    expect(dispatched.json.data.counts).toEqual({ moved: 4, skipped: 1 });
    expect(dispatched.json.data.results.at(-1)).toMatchObject({ track_code: otherCode, outcome: 'other_branch' });

    const idOf = async (token: string, code: string) =>
      (await m.call('GET', `/orders/lookup?track_code=${code}`, { token })).json.data.order.id as number;
    const aId = await idOf(a.token, a.codes[0]!);
    const details = await m.call('GET', `/orders/${aId}`, { token: a.token });
    expect(details.json.data.expected_arrival).toBe('2031-03-10');
    const timeline = await m.call('GET', `/orders/${aId}/status/pending`, { token: a.token });
    expect(timeline.json.data.expected_arrival).toBe('2031-03-10');

    // Branch staff may not delay; a date before departure and a branch the flight does not serve are refused.
    const delayUrl = `/manage/flights/${flight.id}/delay`;
    const body = { arrivals: [{ branch_id: staff.branchId, expected_arrival: '2031-03-14' }], reason: 'Border queue at Khorgos' };
    expect((await m.call('POST', delayUrl, { token: staff.branch, body })).status).toBe(403);
    expect((await m.call('POST', delayUrl, { token: a.token, body })).status).toBe(403);
    const early = await m.call('POST', delayUrl, {
      token: staff.warehouse,
      body: { ...body, arrivals: [{ branch_id: staff.branchId, expected_arrival: '2031-02-01' }] },
    });
    expect(early.status).toBe(422);
    const unknown = await m.call('POST', delayUrl, {
      token: staff.warehouse,
      body: { ...body, arrivals: [{ branch_id: staff.otherBranchId, expected_arrival: '2031-03-14' }] },
      lang: 'en',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.code).toBe('flight_branch_unknown');
    expect(await flightMessages(a.user.id)).toHaveLength(0);

    const delayed = await m.call('POST', delayUrl, { token: staff.warehouse, body });
    expect(delayed.status).toBe(200);
    expect(delayed.json.data.notified).toBe(2);
    expect(delayed.json.data.flight.arrivals[0].expected_arrival).toBe('2031-03-14');
    const msgsA = await flightMessages(a.user.id);
    expect(msgsA).toHaveLength(1);
    expect(msgsA[0]!.params).toMatchObject({ previous_date: '2031-03-10', expected_date: '2031-03-14', count: 3, reference: 'TRK-777' });
    expect(await flightMessages(b.user.id)).toHaveLength(1);
    expect(await flightMessages(other.user.id)).toHaveLength(0);
    expect((await m.call('GET', `/orders/${aId}`, { token: a.token })).json.data.expected_arrival).toBe('2031-03-14');
    const history = (await m.call('GET', `/orders/${aId}/status/pending`, { token: a.token })).json.data;
    expect(history.history.map((e: { action: string }) => e.action)).toContain('flight_delayed');
    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.action, 'flight_delayed'));
    expect(events).toHaveLength(4);
    expect(events[0]!.details).toMatchObject({ reason: 'Border queue at Khorgos', from: '2031-03-10', to: '2031-03-14' });

    // The same date again changes nothing and tells nobody.
    const same = await m.call('POST', delayUrl, { token: staff.warehouse, body });
    expect(same.json.data.notified).toBe(0);
    expect(await flightMessages(a.user.id)).toHaveLength(1);

    // Arrival: three of four scanned; the branch opens the flight and sees one missing.
    expect((await m.arrive(staff.branch, { track_codes: [...a.codes] })).json.data.counts.moved).toBe(3);
    const opened = await m.call('GET', `/manage/flights/${flight.id}`, { token: staff.branch });
    expect(opened.status).toBe(200);
    expect(opened.json.data.arrived.map((p: { track_code: string }) => p.track_code).sort()).toEqual([...a.codes].sort());
    expect(opened.json.data.missing.map((p: { track_code: string }) => p.track_code)).toEqual(b.codes);
    expect(opened.json.data.flight.arrivals[0]).toMatchObject({ parcels: 4, arrived: 3 });
    // Arrived parcels no longer show an expected date.
    expect((await m.call('GET', `/orders/${aId}`, { token: a.token })).json.data.expected_arrival).toBeNull();

    // Branch staff see only flights to their branch; staff of another branch cannot open this one's share.
    const list = await m.call('GET', '/manage/flights', { token: staff.branch });
    expect(list.json.data.map((f: { id: number }) => f.id)).toContain(flight.id);
    const otherList = await m.call('GET', '/manage/flights', { token: staff.otherBranch });
    expect(otherList.json.data.map((f: { id: number }) => f.id)).not.toContain(flight.id);
    expect((await m.call('GET', `/manage/flights/${flight.id}`, { token: staff.otherBranch })).status).toBe(404);
    expect((await m.call('GET', `/manage/flights/${flight.id}?branch_id=${staff.branchId}`, { token: staff.otherBranch })).status).toBe(
      403,
    );
    expect((await m.call('GET', `/manage/flights/${flight.id}`, { token: a.token })).status).toBe(403);
  });

  it('a flight needs a mode, a reference, distinct branches and arrivals not before departure; an unknown flight is 404', async () => {
    const bad = [
      { ...flightBody([{ branch_id: staff.branchId, expected_arrival: '2031-02-01' }]) },
      { ...flightBody([]) },
      { ...flightBody([{ branch_id: staff.branchId, expected_arrival: '2031-03-10' }]), mode: 'ship' },
      { ...flightBody([{ branch_id: staff.branchId, expected_arrival: '2031-03-10' }]), carrier_ref: ' ' },
      flightBody([
        { branch_id: staff.branchId, expected_arrival: '2031-03-10' },
        { branch_id: staff.branchId, expected_arrival: '2031-03-11' },
      ]),
      flightBody([{ branch_id: 999999, expected_arrival: '2031-03-10' }]),
    ];
    for (const body of bad)
      expect((await m.call('POST', '/manage/flights', { token: staff.warehouse, body })).status, JSON.stringify(body)).toBe(422);
    expect(
      (
        await m.call('POST', '/manage/flights', {
          token: staff.branch,
          body: flightBody([{ branch_id: staff.branchId, expected_arrival: '2031-03-10' }]),
        })
      ).status,
    ).toBe(403);
    const { code } = await parcelIn(ctx, 'china_warehouse', { prefix: 'FX' });
    expect((await m.dispatch(staff.warehouse, { track_codes: [code], flight_id: 999999 })).status).toBe(404);
    expect((await m.call('GET', '/manage/flights/999999', { token: staff.warehouse })).status).toBe(404);
  });
});
