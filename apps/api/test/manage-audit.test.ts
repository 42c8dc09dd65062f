import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { parcelIn } from './factories';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, upload, type Staff } from './manage-helpers';

/**
 * Issue 11: every /manage work writes audit rows (who, role, place, action, target, before/after, address) in the
 * transaction of the change: the parcels module's transitions write one per parcel; imports one per upload and commit.
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

interface Entry {
  action: string;
  actor_role: string;
  actor_place: string | null;
  actor_id: number | null;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

/** The audit rows of one target, oldest first, as the admin's audit search shows them. */
async function auditOf(targetType: string, id: number | string): Promise<Entry[]> {
  const res = await m.call('GET', `/admin/audit?filters[target_type]=${targetType}&filters[target_id]=${id}&filters[per_page]=100`, {
    token: staff.admin,
  });
  expect(res.status).toBe(200);
  return (res.json.data as Entry[]).reverse();
}

describe('audit of the /manage works', () => {
  it('receive, dispatch, arrival and hand-over each leave a row per parcel with the actor, place, before and after', async () => {
    // Received, claimed (the customer saved the code), dispatched, arrived and handed over paid in cash.
    const { code, id, receipt, ...customer } = await parcelIn(ctx, 'delivered', { prefix: 'AU', name: 'Kettle', weight: 2.5 });

    const rows = await auditOf('order', id);
    expect(rows.map((r) => r.action)).toEqual([
      'parcel.received',
      'parcel.claimed',
      'parcel.dispatched',
      'parcel.arrived',
      'parcel.delivered',
    ]);
    const [receive, claim, dispatch, arrive, deliver] = rows as [Entry, Entry, Entry, Entry, Entry];
    for (const r of [receive, claim, dispatch]) expect(r).toMatchObject({ actor_role: 'staff', actor_place: 'china_warehouse' });
    for (const r of [arrive, deliver]) expect(r).toMatchObject({ actor_role: 'staff', actor_place: `branch:${staff.branchId}` });
    expect(receive.before).toBeNull();
    expect(receive.after).toMatchObject({ status: 'china_warehouse', track_code: code, weight: 2.5 });
    expect(claim.before).toEqual({ status: 'china_warehouse', user_id: null });
    expect(claim.after).toMatchObject({ user_id: customer.user.id });
    expect(dispatch.before).toEqual({ status: 'china_warehouse' });
    expect(dispatch.after).toMatchObject({ status: 'in_transit' });
    expect(arrive.before).toEqual({ status: 'in_transit' });
    expect(arrive.after).toMatchObject({ status: 'at_branch', branch_id: staff.branchId, price: expect.any(Number) });
    expect(deliver.before).toEqual({ status: 'at_branch' });
    expect(deliver.after).toMatchObject({ status: 'delivered', receipt_id: receipt!.id, payment_method: 'cash' });
    expect(deliver.ip).toBeTruthy();
  });

  it("staff assigning an unclaimed parcel is audited; a customer's own claim is not a staff write", async () => {
    const free = newCode('UA');
    const res = await m.receive(staff.warehouse, { track_code: free, weight: 1 });
    const customer = await registerCustomer(ctx);
    const assigned = await m.call('POST', `/manage/unclaimed/${res.json.data.parcel.id}/assign`, {
      token: staff.admin,
      body: { customer: customer.phone },
    });
    expect(assigned.status).toBe(200);
    expect((await auditOf('order', res.json.data.parcel.id)).map((r) => [r.action, r.actor_role])).toEqual([
      ['parcel.received', 'staff'],
      ['parcel.assigned', 'admin'],
    ]);

    const other = newCode('UB');
    const second = await m.receive(staff.warehouse, { track_code: other, weight: 1 });
    expect((await m.saveTrack(customer.token, other)).status).toBe(200);
    expect((await auditOf('order', second.json.data.parcel.id)).map((r) => r.action)).toEqual(['parcel.received']);
  });

  it('a refused hand-over leaves no audit row', async () => {
    const { id, ...customer } = await parcelIn(ctx, 'in_transit', { prefix: 'AR' });
    // Not arrived: the parcel is not waiting at the branch, so the hand-over is refused and nothing is written.
    const refused = await m.complete(staff.branch, { customer_id: customer.user.id, order_ids: [id], payment_method: 'cash' });
    expect(refused.status).toBe(409);
    expect((await auditOf('order', id)).map((r) => r.action)).toEqual(['parcel.received', 'parcel.claimed', 'parcel.dispatched']);
  });

  it('an import leaves a row for the upload, one per parcel received, and one for the commit', async () => {
    const before = (await ctx.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    const codes = [newCode('IM'), newCode('IM')];
    const csv = `track;weight\n${codes[0]};1,5\n${codes[1]};2\n`;
    const up = await upload(ctx, '/manage/imports', staff.warehouse, [
      { field: 'file', name: 'batch.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    ]);
    expect(up.status).toBe(200);
    const importId = up.json.data.id as number;
    const preview = await auditOf('import', importId);
    expect(preview).toHaveLength(1);
    expect(preview[0]).toMatchObject({ action: 'import.preview', actor_place: 'china_warehouse', after: { file_name: 'batch.csv' } });

    const commit = await m.call('POST', `/manage/imports/${importId}/commit`, { token: staff.warehouse });
    expect(commit.status).toBe(200);
    const rows = await auditOf('import', importId);
    expect(rows.map((r) => r.action)).toEqual(['import.preview', 'import.commit']);
    expect(rows[1]!.after).toMatchObject({ result: { unclaimed: 2 } });
    const all = (await ctx.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    expect(all - before).toBe(4);
  });
});
