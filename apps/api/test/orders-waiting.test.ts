import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toMinor } from '@portal/contract';
import { orders } from '../src/db/schema';
import { parcelsIn } from './factories';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

describe('GET orders/waiting: parcels at a branch at a glance', () => {
  it('counts the parcels waiting at each branch with their total and the earliest last free day; only the caller’s', async () => {
    const c = await registerCustomer(ctx, { branch_id: staff.branchId });
    const other = await registerCustomer(ctx, { branch_id: staff.branchId });
    expect((await m.call('GET', '/orders/waiting', { token: c.token })).json.data).toEqual([]);

    const { codes, ids } = await parcelsIn(ctx, 'in_transit', [1.25, 2, 0.4, 3], { owner: c, prefix: 'WA' });
    // Three arrive; the fourth is still on the way and is not waiting yet.
    await m.arrive(staff.branch, { track_codes: codes.slice(0, 3) });
    await m.saveTrack(other.token, newCode('WB'));

    const look = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    const res = await m.call('GET', '/orders/waiting', { token: c.token, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    const row = res.json.data[0];
    expect(row).toMatchObject({ branch_id: staff.branchId, count: 3, currency: look.currency });
    expect(row.branch.length).toBeGreaterThan(0);
    expect(row.total).toBe(look.parcels.reduce((s: number, p: { price: number }) => s + toMinor(p.price), 0));
    expect(row.total).toBe(look.total_minor);
    expect(row.storage_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ids.slice(0, 3)).toContain(row.storage_until_order_id);

    // The parcel whose free days run out first is the one "Keep longer" opens (ADR 093).
    const sooner = addDays(row.storage_until, -1); // still a free day: nothing owed for storage below
    await ctx.database.db.update(orders).set({ storageUntil: sooner }).where(eq(orders.id, ids[1]!));
    const first = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data[0];
    expect(first).toMatchObject({ storage_until: sooner, storage_until_order_id: ids[1] });

    // Once handed over, nothing waits; another customer never sees them.
    expect((await m.call('GET', '/orders/waiting', { token: other.token })).json.data).toEqual([]);
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: look.total_minor }] });
    expect(done.status).toBe(200);
    expect((await m.call('GET', '/orders/waiting', { token: c.token })).json.data).toEqual([]);
    expect((await m.call('GET', '/orders/waiting')).status).toBe(401);
  });
});
