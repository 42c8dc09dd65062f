import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatuses } from '../src/db/schema';
import { parcelIn } from './factories';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let m: ReturnType<typeof manageClient>;
let staff: Staff;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  m = manageClient(ctx);
  staff = await staffTokens(ctx);
});
afterAll(async () => ctx.close());

/** A customer with one parcel waiting at the demo branch, and their QR code. */
async function customerWithParcel(firstName: string) {
  const c = await parcelIn(ctx, 'at_branch', { prefix: 'BL', weight: 1.5, customer: { firstName } });
  const qr = (await call('GET', '/qr', { token: c.token })).json.data.token as string;
  return { ...c, qr };
}

const block = (userId: number, blocked: boolean) => call('PATCH', `/admin/users/${userId}`, { token: staff.admin, body: { blocked } });

async function statusOf(code: string) {
  const [row] = await ctx.database.db
    .select({ status: orderStatuses.code })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(eq(orders.trackCode, code));
  return row?.status;
}

describe('a blocked customer at the counter', () => {
  it('is refused by QR code, client code and phone number, in the clerk’s language', async () => {
    const c = await customerWithParcel('Blocklookup');
    const keys = [c.qr, c.user.client_code as string, c.phone, `8 ${c.phone.slice(2, 5)} ${c.phone.slice(5)}`];
    for (const key of keys) expect((await m.lookup(staff.branch, { customer: key })).status).toBe(200);
    expect((await block(c.user.id, true)).status).toBe(200);
    for (const [key, lang] of keys.map((k, i) => [k, (['kk', 'ru', 'en', 'kk'] as const)[i]!] as const)) {
      const res = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: key }, lang });
      expect(res.status, key).toBe(409);
      expect(res.json.code).toBe('customer_blocked');
    }
    const kk = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: c.phone }, lang: 'kk' });
    expect(kk.json.message).toMatch(/бұғатталған/);
    const en = await m.call('POST', '/manage/handover/lookup', {
      token: staff.admin,
      body: { customer: c.qr, branch_id: staff.branchId },
      lang: 'en',
    });
    expect(en.json.message).toMatch(/blocked/);
  });

  it('gets no hand-over and no debt payment by id, and nothing is written', async () => {
    const c = await customerWithParcel('Blockhandover');
    const lookup = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    expect((await block(c.user.id, true)).status).toBe(200);
    const done = await m.complete(staff.branch, {
      customer_id: c.user.id,
      payments: [{ method: 'cash', amount: lookup.total_minor }],
    });
    expect(done.status).toBe(409);
    expect(done.json.code).toBe('customer_blocked');
    expect(await statusOf(c.code)).toBe('at_branch');
    const pay = await m.call('POST', '/manage/payments', {
      token: staff.branch,
      body: { customer_id: c.user.id, payments: [{ method: 'cash', amount: 100 }] },
    });
    expect(pay.status).toBe(409);
    expect(pay.json.code).toBe('customer_blocked');
    // Unblocked, the same hand-over goes through.
    expect((await block(c.user.id, false)).status).toBe(200);
    const again = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: lookup.total_minor }] });
    expect(again.status).toBe(200);
    expect(await statusOf(c.code)).toBe('delivered');
  });

  it('is not found by the find work: an exact key answers "blocked", a partial search leaves them out', async () => {
    const c = await customerWithParcel('Blockfind');
    const other = await registerCustomer(ctx, { first_name: 'Blockfind' });
    const find = (q: string, lang = 'en') => m.call('GET', `/manage/customers?q=${encodeURIComponent(q)}`, { token: staff.branch, lang });
    expect((await find('Blockfind')).json.data.map((u: { id: number }) => u.id).sort()).toEqual([c.user.id, other.user.id].sort());
    expect((await block(c.user.id, true)).status).toBe(200);
    for (const q of [c.user.client_code as string, c.phone]) {
      const res = await find(q, 'ru');
      expect(res.status, q).toBe(409);
      expect(res.json.code).toBe('customer_blocked');
      expect(res.json.message).toMatch(/заблокирован/);
    }
    expect((await find('Blockfind')).json.data.map((u: { id: number }) => u.id)).toEqual([other.user.id]);
    const detail = await m.call('GET', `/manage/customers/${c.user.id}`, { token: staff.branch });
    expect(detail.status).toBe(409);
    expect(detail.json.code).toBe('customer_blocked');
    expect((await m.call('GET', `/manage/customers/${other.user.id}`, { token: staff.branch })).status).toBe(200);
  });
});
