import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocationCode, formatParcelNumber, type TLocation } from '@portal/contract';
import { auditLog, parcelPlaces } from '../src/db/schema';
import { aCustomer, parcelIn, parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** Shelves at the branch (issue 35, ADR 083): locations, shelving by scan, moves, the pick list, bursts. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let shelves: Map<string, TLocation>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  for (const body of [
    { zone: 'a', racks: { from: 1, to: 2 }, shelves: { from: 1, to: 2 } },
    { zone: 'B', racks: { from: 1, to: 1 }, shelves: { from: 1, to: 2 } },
  ])
    expect((await m.call('POST', `/admin/branches/${staff.branchId}/locations`, { token: staff.admin, body })).status).toBe(200);
  shelves = await listShelves();
});
afterAll(async () => ctx.close());

async function listShelves() {
  const res = await m.call('GET', `/admin/branches/${staff.branchId}/locations`, { token: staff.admin });
  expect(res.status).toBe(200);
  return new Map((res.json.data as TLocation[]).map((l) => [l.label, l]));
}
const code = (label: string) => shelves.get(label)!.code;
const place = (parcel: string, shelf: string, token = staff.branch) =>
  m.call('POST', '/manage/shelves/place', { token, body: { parcel, shelf } });
const placesOf = (ids: number[]) => ctx.database.db.select().from(parcelPlaces).where(inArray(parcelPlaces.orderId, ids));

describe('locations (admin)', () => {
  it('creates in bulk in walking order, keeps existing ones, refuses bad ranges, deactivates instead of deleting', async () => {
    expect([...shelves.keys()]).toEqual(['A-01-1', 'A-01-2', 'A-02-1', 'A-02-2', 'B-01-1', 'B-01-2']);
    expect(shelves.get('A-01-1')!.code).toMatch(/^L\d{7}$/);
    const again = await m.call('POST', `/admin/branches/${staff.branchId}/locations`, {
      token: staff.admin,
      body: { zone: 'A', racks: { from: 1, to: 3 }, shelves: { from: 1, to: 1 } },
    });
    expect(again.json.data).toEqual({ created: 1, reactivated: 0 });
    const bad = await m.call('POST', `/admin/branches/${staff.branchId}/locations`, {
      token: staff.admin,
      body: { zone: 'A1', racks: { from: 3, to: 1 }, shelves: { from: 1, to: 50 } },
    });
    expect(bad.status).toBe(422);
    const a3 = (await listShelves()).get('A-03-1')!;
    const off = await m.call('PATCH', `/admin/branches/${staff.branchId}/locations/${a3.id}`, {
      token: staff.admin,
      body: { active: false },
    });
    expect(off.json.data).toMatchObject({ active: false, label: 'A-03-1' });
    // Another branch's shelf through this branch's address: not found.
    const other = await m.call('PATCH', `/admin/branches/${staff.otherBranchId}/locations/${a3.id}`, {
      token: staff.admin,
      body: { active: true },
    });
    expect(other.status).toBe(404);
    expect((await m.call('GET', `/admin/branches/${staff.branchId}/locations`, { token: staff.branch })).status).toBe(403);
  });
});

describe('shelving by scan', () => {
  it("suggests the shelf of the customer's other parcels, else the least-filled one; the scanned shelf confirms", async () => {
    const c = await parcelsIn(ctx, 'at_branch', [1, 1, 1], { prefix: 'SH' });
    const list = await m.call('GET', '/manage/shelves/unshelved', { token: staff.branch });
    const mine = (list.json.data.parcels as { order_id: number; suggested: { id: number } }[]).filter((p) => c.ids.includes(p.order_id));
    expect(mine).toHaveLength(3);
    // Planned together: one customer's parcels on one shelf.
    expect(new Set(mine.map((p) => p.suggested.id)).size).toBe(1);

    const first = await place(c.codes[0]!, shelves.get('A-02-2')!.code);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ previous: null, shelf: { label: 'A-02-2' } });
    // The next of theirs: where the first one is, by our P number as well.
    const next = await m.call('POST', '/manage/shelves/suggest', { token: staff.branch, body: { parcel: formatParcelNumber(c.ids[1]!) } });
    expect(next.json.data).toMatchObject({ current: null, suggested: { label: 'A-02-2' } });
    const ok = await place(formatParcelNumber(c.ids[1]!), code('A-02-2'));
    expect(ok.json.data.matches_suggestion).toBe(true);
    // The wrong shelf scanned: placed where scanned (where the box is), and said so.
    const wrong = await place(c.codes[2]!, 'b-01-1');
    expect(wrong.json.data).toMatchObject({ matches_suggestion: false, suggested: { label: 'A-02-2' }, shelf: { label: 'B-01-1' } });

    // Another customer: the least-filled active shelf, never A-02-2 (2 parcels) nor B-01-1 (1).
    const other = await parcelIn(ctx, 'at_branch', { prefix: 'SO' });
    const s = await m.call('POST', '/manage/shelves/suggest', { token: staff.branch, body: { parcel: other.code } });
    expect(['A-01-1', 'A-01-2', 'A-02-1', 'B-01-2']).toContain(s.json.data.suggested.label);
  });

  it('moves with a scan (parcel, then shelf): one place, the previous one answered', async () => {
    const p = await parcelIn(ctx, 'at_branch', { prefix: 'MV' });
    await place(p.code, code('A-01-1'));
    const moved = await place(p.code, code('B-01-2'));
    expect(moved.json.data).toMatchObject({ previous: { label: 'A-01-1' }, shelf: { label: 'B-01-2' }, matches_suggestion: true });
    const rows = await placesOf([p.id]);
    expect(rows.map((r) => r.locationId)).toEqual([shelves.get('B-01-2')!.id]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shelf.place'), eq(auditLog.targetId, String(p.id))));
    expect(audit.map((a) => a.after)).toEqual([
      { shelf: 'A-01-1', track_code: p.code },
      { shelf: 'B-01-2', track_code: p.code },
    ]);
  });

  it('refuses misreads, unknown codes, inactive shelves and parcels not waiting here, in the caller’s language', async () => {
    const p = await parcelIn(ctx, 'at_branch', { prefix: 'RF' });
    const good = code('A-01-1');
    const misreadShelf = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    const r1 = await m.call('POST', '/manage/shelves/place', {
      token: staff.branch,
      body: { parcel: p.code, shelf: misreadShelf },
      lang: 'en',
    });
    expect([r1.status, r1.json.code]).toEqual([422, 'shelf_code_invalid']);
    expect(r1.json.message).toMatch(/check digit/);
    const num = formatParcelNumber(p.id);
    const misreadParcel = num.slice(0, -1) + String((Number(num.at(-1)) + 1) % 10);
    expect((await place(misreadParcel, good)).json.code).toBe('parcel_number_invalid');
    expect((await place('NOSUCHCODE123', good)).json.code).toBe('scan_not_found');
    expect((await place(p.code, formatLocationCode(999_999))).json.code).toBe('shelf_not_found');
    const a3 = (await listShelves()).get('A-03-1')!;
    expect((await place(p.code, a3.code)).json.code).toBe('shelf_inactive');
    const away = await parcelIn(ctx, 'in_transit', { prefix: 'RT' });
    expect((await place(away.code, good)).json.code).toBe('parcel_not_here');
    // Another branch's clerk: the parcel is not waiting at their branch.
    expect((await place(p.code, good, staff.otherBranch)).json.code).toBe('parcel_not_here');
    expect((await placesOf([p.id, away.id])).length).toBe(0);
  });

  it('two clerks shelving one parcel at once: both answered, one place (the later write)', async () => {
    const p = await parcelsIn(ctx, 'at_branch', [1, 1, 1, 1], { prefix: 'BU' });
    for (const [i, id] of p.ids.entries()) {
      const text = i % 2 ? formatParcelNumber(id) : p.codes[i]!;
      const answers = await Promise.all([place(text, code('A-01-2')), place(text, code('B-01-1')), place(text, code('A-02-1'))]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const rows = await placesOf([id]);
      expect(rows).toHaveLength(1);
      expect([shelves.get('A-01-2')!.id, shelves.get('B-01-1')!.id, shelves.get('A-02-1')!.id]).toContain(rows[0]!.locationId);
      // The suggestion and the pick list read that one place.
      const s = await m.call('POST', '/manage/shelves/suggest', { token: staff.branch, body: { parcel: p.codes[i] } });
      expect(s.json.data.current.id).toBe(rows[0]!.locationId);
    }
  });
});

describe('pick list at hand-over', () => {
  it("lists the customer's parcels in shelf order, not shelved last; the hand-over frees their places", async () => {
    const owner = await aCustomer(ctx);
    const p = await parcelsIn(ctx, 'at_branch', [1, 1, 1, 1], { owner, prefix: 'PK' });
    await place(p.codes[0]!, code('B-01-1'));
    await place(p.codes[1]!, code('A-02-1'));
    await place(p.codes[3]!, code('A-01-2'));
    const look = await m.lookup(staff.branch, { customer: owner.user.client_code });
    expect(look.status).toBe(200);
    expect(
      look.json.data.pick_list.map((l: { track_code: string; shelf: { label: string } | null }) => [l.track_code, l.shelf?.label ?? null]),
    ).toEqual([
      [p.codes[3], 'A-01-2'],
      [p.codes[1], 'A-02-1'],
      [p.codes[0], 'B-01-1'],
      [p.codes[2], null],
    ]);
    const before = (await listShelves()).get('A-01-2')!.parcels;
    expect((await m.complete(staff.branch, { customer_id: owner.user.id, payment_method: 'cash' })).status).toBe(200);
    expect((await listShelves()).get('A-01-2')!.parcels).toBe(before - 1);
    // …through the shelves service in the hand-over's transaction: their places are gone, not only hidden by the status.
    expect(await placesOf(p.ids)).toEqual([]);
    // Handed over: no longer anywhere to shelve.
    expect((await place(p.codes[2]!, code('A-01-1'))).json.code).toBe('parcel_not_here');
  });
});
