import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocation, TStockTakeDifference } from '@portal/contract';
import { auditLog, parcelPlaces } from '../src/db/schema';
import { parcelIn, parcelsIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/** The blind count of a zone (issue 35, ADR 083): differences, decisions once and audited, the Missing worklist, bursts. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
let shelves: Map<string, TLocation>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  for (const zone of ['C', 'D', 'E'])
    await m.call('POST', `/admin/branches/${staff.branchId}/locations`, {
      token: staff.admin,
      body: { zone, racks: { from: 1, to: 1 }, shelves: { from: 1, to: 3 } },
    });
  const res = await m.call('GET', `/admin/branches/${staff.branchId}/locations`, { token: staff.admin });
  shelves = new Map((res.json.data as TLocation[]).map((l) => [l.label, l]));
});
afterAll(async () => ctx.close());

const code = (label: string) => shelves.get(label)!.code;
const place = (parcel: string, label: string) =>
  m.call('POST', '/manage/shelves/place', { token: staff.branch, body: { parcel, shelf: code(label) } });
const start = (zone: string, token = staff.branch) => m.call('POST', '/manage/stock-takes', { token, body: { zone } });
const scan = (id: number, text: string, shelf?: string) =>
  m.call('POST', `/manage/stock-takes/${id}/scans`, {
    token: staff.branch,
    body: { code: text, shelf_id: shelf ? shelves.get(shelf)!.id : undefined },
  });
const finish = (id: number) => m.call('POST', `/manage/stock-takes/${id}/finish`, { token: staff.branch, body: {} });
const decide = (id: number, d: number, decision: string) =>
  m.call('POST', `/manage/stock-takes/${id}/differences/${d}`, { token: staff.branch, body: { decision } });

describe('stock-take', () => {
  it('one missing, one extra, one wrong shelf → differences; each decision once, audited; missing goes to the worklist', async () => {
    const p = await parcelsIn(ctx, 'at_branch', [1, 1, 1, 1], { prefix: 'ST' });
    const [ok, missing, wrong, extra] = p.codes as [string, string, string, string];
    await place(ok, 'C-01-1');
    await place(missing, 'C-01-2');
    await place(wrong, 'C-01-3');
    await place(extra, 'D-01-1');
    const away = await parcelIn(ctx, 'in_transit', { prefix: 'SA' });

    const started = await start('c');
    expect(started.status).toBe(200);
    const id = started.json.data.id as number;
    expect((await start('C')).json.code).toBe('stock_take_open');

    expect((await scan(id, ok)).json.code).toBe('shelf_first');
    expect((await scan(id, code('D-01-1'))).json.code).toBe('shelf_other_zone');
    expect((await scan(id, code('C-01-1'))).json.data).toMatchObject({ kind: 'shelf', shelf: { label: 'C-01-1' } });
    expect((await scan(id, ok, 'C-01-1')).json.data).toMatchObject({ kind: 'parcel', track_code: ok, scanned_parcels: 1 });
    await scan(id, extra, 'C-01-1');
    await scan(id, wrong, 'C-01-1');
    await scan(id, wrong, 'C-01-2'); // scanned again: counts where it was scanned last
    await scan(id, away.code, 'C-01-2');
    expect((await scan(id, 'NOSUCHCODE999', 'C-01-2')).json.code).toBe('scan_not_found');
    // Blind while open: no expected list, no differences.
    const open = await m.call('GET', `/manage/stock-takes/${id}`, { token: staff.branch });
    expect(open.json.data).toMatchObject({ finished_at: null, scanned_parcels: 4, scanned_shelves: 2, differences: [] });

    const done = await finish(id);
    expect(done.status).toBe(200);
    expect((await finish(id)).json.code).toBe('stock_take_finished');
    expect((await scan(id, code('C-01-1'))).json.code).toBe('stock_take_finished');
    const diffs = done.json.data.differences as TStockTakeDifference[];
    const of = (track: string) => diffs.find((d) => d.track_code === track)!;
    expect(diffs.map((d) => [d.track_code, d.kind, d.expected?.label ?? null, d.found?.label ?? null, d.not_here]).sort()).toEqual(
      [
        [missing, 'missing', 'C-01-2', null, false],
        [wrong, 'wrong_shelf', 'C-01-3', 'C-01-2', false],
        [extra, 'extra', 'D-01-1', 'C-01-1', false],
        [away.code, 'extra', null, 'C-01-2', true],
      ].sort(),
    );

    expect((await decide(id, of(missing).id, 'move')).json.code).toBe('decision_not_allowed');
    expect((await decide(id, of(away.code).id, 'place_here')).json.code).toBe('parcel_not_here');
    expect((await decide(id, of(missing).id, 'mark_missing')).json.data).toMatchObject({ decision: 'mark_missing' });
    expect((await decide(id, of(missing).id, 'found')).json.code).toBe('stock_take_decided');
    expect((await decide(id, of(extra).id, 'place_here')).status).toBe(200);
    expect((await decide(id, of(wrong).id, 'move')).status).toBe(200);

    const places = await ctx.database.db.select().from(parcelPlaces).where(inArray(parcelPlaces.orderId, p.ids));
    const at = new Map(places.map((r) => [r.orderId, r.locationId]));
    expect(at.get(p.ids[1]!)).toBeUndefined(); // marked missing: no place
    expect(at.get(p.ids[2]!)).toBe(shelves.get('C-01-2')!.id); // moved where found
    expect(at.get(p.ids[3]!)).toBe(shelves.get('C-01-1')!.id); // placed here
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock_take.decide'), inArray(auditLog.targetId, p.ids.map(String))));
    expect(audit.map((a) => [a.targetId, (a.after as { decision: string }).decision, a.actorId]).sort()).toEqual(
      [
        [String(p.ids[1]), 'mark_missing', expect.any(Number)],
        [String(p.ids[2]), 'move', expect.any(Number)],
        [String(p.ids[3]), 'place_here', expect.any(Number)],
      ].sort(),
    );

    const worklist = await m.call('GET', '/manage/missing', { token: staff.branch });
    expect(worklist.json.data).toEqual([
      expect.objectContaining({ track_code: missing, last_shelf: expect.objectContaining({ label: 'C-01-2' }), stock_take_id: id }),
    ]);
    // Found later and shelved: off the worklist.
    await place(missing, 'C-01-3');
    expect((await m.call('GET', '/manage/missing', { token: staff.branch })).json.data).toEqual([]);

    const list = await m.call('GET', '/manage/stock-takes', { token: staff.branch });
    expect(list.json.data.zones).toEqual(expect.arrayContaining(['C', 'D', 'E']));
    expect(list.json.data.counts.find((c: { id: number }) => c.id === id)).toMatchObject({ open_differences: 1 });
    // Another branch's clerk cannot see or touch this count.
    expect((await m.call('GET', `/manage/stock-takes/${id}`, { token: staff.otherBranch })).status).toBe(404);
    // A new count of the zone may start now the first is finished.
    expect((await start('C')).status).toBe(200);
  });

  it('bursts: two starts of one zone → one count; two decisions of one difference → one; two finishes → one', async () => {
    const starts = await Promise.all([start('E'), start('E'), start('E')]);
    expect(starts.map((s) => s.status).sort()).toEqual([200, 409, 409]);
    const id = starts.find((s) => s.status === 200)!.json.data.id as number;
    const p = await parcelIn(ctx, 'at_branch', { prefix: 'SB' });
    await place(p.code, 'E-01-1');
    const finishes = await Promise.all([finish(id), finish(id)]);
    expect(finishes.map((f) => f.status).sort()).toEqual([200, 409]);
    const diff = (finishes.find((f) => f.status === 200)!.json.data.differences as TStockTakeDifference[]).find(
      (d) => d.track_code === p.code,
    )!;
    const decisions = await Promise.all([decide(id, diff.id, 'mark_missing'), decide(id, diff.id, 'found')]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock_take.decide'), eq(auditLog.targetId, String(p.id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses customers, an unknown zone, and an admin without a branch', async () => {
    const customer = (await parcelIn(ctx, 'at_branch', { prefix: 'SC' })).token;
    expect((await start('C', customer)).status).toBe(403);
    expect((await start('Q')).status).toBe(422);
    expect((await start('C', staff.admin)).json.code).toBe('branch_required');
  });
});
