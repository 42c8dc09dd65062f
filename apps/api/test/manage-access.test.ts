import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { manageClient, multipartBody, newCode, PNG_1x1, staffTokens, type Staff } from './manage-helpers';

let ctx: TestContext;
let staff: Staff;
let customer: string;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  customer = (await registerCustomer(ctx)).token;
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

type Who = 'customer' | 'warehouse' | 'branch' | 'otherBranch' | 'admin';
interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => unknown;
  multipart?: boolean;
  /** Who may: the others get 403. */
  allowed: Who[];
}

const warehouseOnly: Who[] = ['warehouse', 'admin'];
const branchWork: Who[] = ['branch', 'admin'];
const everyStaff: Who[] = ['warehouse', 'branch', 'otherBranch', 'admin'];

/** Every staff call; branch works are addressed to the demo branch, so its own staff may and the other branch's may not. */
const CALLS: Call[] = [
  { name: 'context', method: 'GET', url: () => '/manage/context', allowed: everyStaff },
  { name: 'photos', method: 'POST', url: () => '/manage/photos', multipart: true, allowed: warehouseOnly },
  {
    name: 'receive',
    method: 'POST',
    url: () => '/manage/receive',
    body: () => ({ track_code: newCode(), weight: 1 }),
    allowed: warehouseOnly,
  },
  { name: 'import', method: 'POST', url: () => '/manage/imports', multipart: true, allowed: warehouseOnly },
  { name: 'import detail', method: 'GET', url: () => '/manage/imports/999999', allowed: warehouseOnly },
  { name: 'import commit', method: 'POST', url: () => '/manage/imports/999999/commit', allowed: warehouseOnly },
  { name: 'unclaimed', method: 'GET', url: () => '/manage/unclaimed', allowed: warehouseOnly },
  {
    name: 'assign',
    method: 'POST',
    url: () => '/manage/unclaimed/999999/assign',
    body: () => ({ customer: 'KZ-1' }),
    allowed: warehouseOnly,
  },
  { name: 'disputes', method: 'GET', url: () => '/manage/disputes', allowed: warehouseOnly },
  {
    name: 'assign dispute',
    method: 'POST',
    url: () => '/manage/disputes/999999/assign',
    body: () => ({ user_id: 1, note: 'checked' }),
    allowed: warehouseOnly,
  },
  { name: 'dispatch list', method: 'GET', url: () => '/manage/dispatch', allowed: warehouseOnly },
  { name: 'dispatch', method: 'POST', url: () => '/manage/dispatch', body: () => ({ track_codes: ['NOPE12345'] }), allowed: warehouseOnly },
  {
    name: 'arrive',
    method: 'POST',
    url: () => '/manage/arrive',
    body: () => ({ track_codes: ['NOPE12345'], branch_id: staff.branchId }),
    allowed: branchWork,
  },
  {
    name: 'handover lookup',
    method: 'POST',
    url: () => '/manage/handover/lookup',
    body: () => ({ customer: 'KZ-1', branch_id: staff.branchId }),
    allowed: branchWork,
  },
  {
    name: 'complete',
    method: 'POST',
    url: () => '/orders/complete',
    body: () => ({ customer_id: 999999, payment_method: 'cash', branch_id: staff.branchId }),
    allowed: branchWork,
  },
  { name: 'find customers', method: 'GET', url: () => '/manage/customers?q=KZ-1', allowed: everyStaff },
  { name: 'customer', method: 'GET', url: () => '/manage/customers/999999', allowed: everyStaff },
  { name: 'parcel', method: 'GET', url: () => '/manage/parcel?code=NOPE12345', allowed: everyStaff },
];

async function run(call: Call, token: string | undefined) {
  if (call.multipart) {
    const { payload, contentType } = multipartBody([{ field: 'file', name: 'x.png', type: 'image/png', bytes: PNG_1x1 }]);
    const headers: Record<string, string> = { 'content-type': contentType, accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await ctx.app.inject({ method: call.method, url: `/api${call.url()}`, headers, payload });
    return res.statusCode;
  }
  return (await m.call(call.method, call.url(), { token, body: call.body?.() })).status;
}

describe('role and place matrix', () => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s', async (_name, call) => {
    expect(await run(call, undefined), 'signed out').toBe(401);
    const tokens: Record<Who, string> = {
      customer,
      warehouse: staff.warehouse,
      branch: staff.branch,
      otherBranch: staff.otherBranch,
      admin: staff.admin,
    };
    for (const who of Object.keys(tokens) as Who[]) {
      const status = await run(call, tokens[who]);
      if (call.allowed.includes(who)) expect(status, `${who} may`).not.toBe(403);
      else expect(status, `${who} may not`).toBe(403);
    }
  });

  it('branch staff cannot work at another branch by naming it, even with their own staff role', async () => {
    const res = await m.arrive(staff.branch, { track_codes: ['NOPE12345'], branch_id: staff.otherBranchId });
    expect(res.status).toBe(403);
    const lookup = await m.lookup(staff.otherBranch, { customer: 'KZ-1', branch_id: staff.branchId });
    expect(lookup.status).toBe(403);
  });

  it('the context names the works of each place', async () => {
    const w = await m.call('GET', '/manage/context', { token: staff.warehouse });
    expect(w.json.data.works).toEqual(['receive', 'import', 'unclaimed', 'disputes', 'dispatch', 'bags', 'find']);
    const b = await m.call('GET', '/manage/context', { token: staff.branch });
    expect(b.json.data.works).toEqual([
      'arrival',
      'bag_arrival',
      'handover',
      'pickup_slots',
      'shelves',
      'stock_take',
      'missing',
      'close_day',
      'payment_differences',
      'claims',
      'door_delivery',
      'reports',
      'find',
    ]);
    expect(b.json.data.place_branch.id).toBe(staff.branchId);
    const a = await m.call('GET', '/manage/context', { token: staff.admin });
    expect(a.json.data.works).toHaveLength(19);
    expect(a.json.data.branches.length).toBeGreaterThanOrEqual(9);
  });
});
