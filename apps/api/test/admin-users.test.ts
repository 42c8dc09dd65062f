import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let branchId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  const customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
  branchId = (await call('GET', '/country/1/branches')).json.data[0].id;
});
afterAll(async () => {
  await ctx?.close();
});

async function auditOf(targetId: number, action: string) {
  const res = await call('GET', `/admin/audit?filters[target_type]=user&filters[target_id]=${targetId}&filters[action]=${action}`, {
    token: tokens.admin,
  });
  return res.json.data as Array<{ before: any; after: any; actor_role: string }>;
}

describe('admin users: role matrix', () => {
  it('every users call is for admins only', async () => {
    const target = await registerCustomer(ctx);
    expect((await expectAdminOnly(ctx, tokens, 'GET', '/admin/users')).status).toBe(200);
    expect((await expectAdminOnly(ctx, tokens, 'GET', `/admin/users/${target.user.id}`)).status).toBe(200);
    expect((await expectAdminOnly(ctx, tokens, 'PATCH', `/admin/users/${target.user.id}`, { blocked: false })).status).toBe(200);
    expect((await expectAdminOnly(ctx, tokens, 'POST', `/admin/users/${target.user.id}/end-sessions`)).status).toBe(200);
    expect(
      (
        await expectAdminOnly(ctx, tokens, 'POST', '/admin/users', {
          phone_number: newPhone(),
          first_name: 'A',
          last_name: 'B',
          role: 'staff',
          place: { kind: 'china_warehouse' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('admin users', () => {
  it('searches by phone, name and client code, paged', async () => {
    const c = await registerCustomer(ctx, { first_name: 'Zhansaya', last_name: 'Qwertybekova' });
    const byName = await call('GET', '/admin/users?filters[search]=qwertybek', { token: tokens.admin });
    expect(byName.json.data.map((u: any) => u.id)).toEqual([c.user.id]);
    const byPhone = await call('GET', `/admin/users?filters[search]=${encodeURIComponent(c.phone.slice(-7))}`, { token: tokens.admin });
    expect(byPhone.json.data.map((u: any) => u.id)).toContain(c.user.id);
    const byCode = await call('GET', `/admin/users?filters[search]=${c.user.client_code}`, { token: tokens.admin });
    expect(byCode.json.data.map((u: any) => u.id)).toEqual([c.user.id]);
    const paged = await call('GET', '/admin/users?filters[per_page]=2&filters[page]=2', { token: tokens.admin });
    expect(paged.json.meta).toMatchObject({ current_page: 2, per_page: 2 });
    const huge = await call('GET', `/admin/users?filters[search]=${'x'.repeat(5000)}`, { token: tokens.admin, lang: 'en' });
    expect(huge.status).toBe(422);
  });

  it('turns a customer into staff of a branch: audited with before/after; they reach /manage at that branch', async () => {
    const c = await registerCustomer(ctx);
    const detail = await call('GET', `/admin/users/${c.user.id}`, { token: tokens.admin });
    expect(detail.json.data.sessions.length).toBe(1);
    const res = await call('PATCH', `/admin/users/${c.user.id}`, {
      token: tokens.admin,
      body: { role: 'staff', place: { kind: 'branch', branch_id: branchId }, updated_at: detail.json.data.user.updated_at },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ role: 'staff', place: { kind: 'branch', branch_id: branchId } });
    const [row] = await auditOf(c.user.id, 'user.update');
    expect(row).toMatchObject({
      actor_role: 'admin',
      before: { role: 'customer', place_kind: null, blocked: false },
      after: { role: 'staff', place_kind: 'branch', place_branch_id: branchId },
    });
    const staff = await login(ctx.app, c.phone, c.password);
    const manage = await call('GET', '/manage/context', { token: staff.token });
    expect(manage.status).toBe(200);
    expect(manage.json.data.place).toMatchObject({ kind: 'branch', branch_id: branchId });
  });

  it('a stale edit is refused with 409 and a clear message, changing nothing', async () => {
    const c = await registerCustomer(ctx);
    const first = await call('GET', `/admin/users/${c.user.id}`, { token: tokens.admin });
    const stamp = first.json.data.user.updated_at;
    expect(
      (
        await call('PATCH', `/admin/users/${c.user.id}`, {
          token: tokens.admin,
          body: { role: 'staff', place: { kind: 'china_warehouse' }, updated_at: stamp },
        })
      ).status,
    ).toBe(200);
    const stale = await call('PATCH', `/admin/users/${c.user.id}`, {
      token: tokens.admin,
      lang: 'en',
      body: { role: 'admin', updated_at: stamp },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
    expect(stale.json.message).toMatch(/changed/);
    expect((await call('GET', `/admin/users/${c.user.id}`, { token: tokens.admin })).json.data.user.role).toBe('staff');
  });

  it('staff need a place; a place in a branch that does not exist is refused', async () => {
    const c = await registerCustomer(ctx);
    expect((await call('PATCH', `/admin/users/${c.user.id}`, { token: tokens.admin, body: { role: 'staff' } })).status).toBe(422);
    expect(
      (
        await call('PATCH', `/admin/users/${c.user.id}`, {
          token: tokens.admin,
          body: { role: 'staff', place: { kind: 'branch', branch_id: 999999 } },
        })
      ).status,
    ).toBe(422);
    expect((await call('PATCH', `/admin/users/${c.user.id}`, { token: tokens.admin, body: { role: 'boss' } })).status).toBe(422);
    expect(
      (
        await call('PATCH', `/admin/users/${c.user.id}`, {
          token: tokens.admin,
          body: { role: 'staff', place: { kind: 'china_warehouse' }, extra: 1 },
        })
      ).status,
    ).toBe(422);
    expect((await call('PATCH', '/admin/users/99999999', { token: tokens.admin, body: { blocked: true } })).status).toBe(404);
    expect((await call('GET', `/admin/users/${c.user.id}`, { token: tokens.admin })).json.data.user.role).toBe('customer');
  });

  it('nobody changes or blocks themselves', async () => {
    const me = await login(ctx.app, DEMO.admin);
    const res = await call('PATCH', `/admin/users/${me.user.id}`, { token: tokens.admin, lang: 'en', body: { role: 'customer' } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('own_account');
    expect((await call('PATCH', `/admin/users/${me.user.id}`, { token: tokens.admin, body: { blocked: true } })).json.code).toBe(
      'own_account',
    );
  });

  it('the last admin is never demoted: two admins demoting each other at once leave one admin', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    // Make a and b the only admins: promote both, then demote the demo admin.
    for (const u of [a, b])
      expect((await call('PATCH', `/admin/users/${u.user.id}`, { token: tokens.admin, body: { role: 'admin' } })).status).toBe(200);
    const ta = (await login(ctx.app, a.phone, a.password)).token;
    const tb = (await login(ctx.app, b.phone, b.password)).token;
    const demo = await login(ctx.app, DEMO.admin);
    expect((await call('PATCH', `/admin/users/${demo.user.id}`, { token: ta, body: { role: 'customer' } })).status).toBe(200);
    const [r1, r2] = await Promise.all([
      call('PATCH', `/admin/users/${b.user.id}`, { token: ta, body: { role: 'customer' } }),
      call('PATCH', `/admin/users/${a.user.id}`, { token: tb, body: { role: 'customer' } }),
    ]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = await call('GET', '/admin/users?filters[role]=admin', { token: r1.status === 200 ? ta : tb });
    expect(admins.json.data).toHaveLength(1);
    // Restore the demo admin for the other tests.
    const survivor = r1.status === 200 ? ta : tb;
    expect((await call('PATCH', `/admin/users/${demo.user.id}`, { token: survivor, body: { role: 'admin' } })).status).toBe(200);
    tokens.admin = (await login(ctx.app, DEMO.admin)).token;
    const lastOne = admins.json.data[0].id;
    // Blocking the only other admin is refused too.
    const other = lastOne === a.user.id ? a : b;
    const demoted = await call('PATCH', `/admin/users/${other.user.id}`, { token: tokens.admin, body: { role: 'customer' } });
    expect(demoted.status).toBe(200);
    expect((await call('GET', '/admin/users?filters[role]=admin', { token: tokens.admin })).json.data).toHaveLength(1);
  });

  it('blocking ends the sessions at once, refuses login with a clear message and the QR code; unblocking restores login', async () => {
    const c = await registerCustomer(ctx);
    const qr = (await call('GET', '/qr', { token: c.token })).json.data.token as string;
    const staff = await login(ctx.app, DEMO.branchStaff);
    const before = await call('POST', '/manage/handover/lookup', { token: staff.token, body: { customer: qr } });
    expect(before.status).toBe(200);
    const res = await call('PATCH', `/admin/users/${c.user.id}`, { token: tokens.admin, body: { blocked: true } });
    expect(res.json.data.blocked).toBe(true);
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(401);
    const refused = await call('POST', '/auth/login', { body: { phone_number: c.phone, password: c.password }, lang: 'ru' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/заблокирован/);
    const scan = await call('POST', '/manage/handover/lookup', { token: staff.token, body: { customer: qr } });
    expect(scan.status).toBe(409);
    expect(scan.json.code).toBe('customer_blocked');
    const [row] = await auditOf(c.user.id, 'user.update');
    expect(row).toMatchObject({ before: { blocked: false }, after: { blocked: true } });
    expect((await call('PATCH', `/admin/users/${c.user.id}`, { token: tokens.admin, body: { blocked: false } })).json.data.blocked).toBe(
      false,
    );
    expect((await login(ctx.app, c.phone, c.password)).token).toBeTruthy();
  });

  it('ends all sessions of a user (audited)', async () => {
    const c = await registerCustomer(ctx);
    expect((await call('POST', `/admin/users/${c.user.id}/end-sessions`, { token: tokens.admin })).status).toBe(200);
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(401);
    expect(await auditOf(c.user.id, 'user.end_sessions')).toHaveLength(1);
  });

  it('creates a staff account for a phone without one (they set the password with forgot-password); a taken phone is 409', async () => {
    const phone = newPhone();
    const res = await call('POST', '/admin/users', {
      token: tokens.admin,
      body: {
        phone_number: phone,
        first_name: 'Aruzhan',
        last_name: 'Serik',
        role: 'staff',
        place: { kind: 'branch', branch_id: branchId },
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ role: 'staff', place: { kind: 'branch', branch_id: branchId }, phone_number: phone });
    expect(await auditOf(res.json.data.id, 'user.create')).toHaveLength(1);
    const again = await call('POST', '/admin/users', {
      token: tokens.admin,
      body: { phone_number: phone, first_name: 'X', last_name: 'Y', role: 'staff', place: { kind: 'china_warehouse' } },
    });
    expect(again.status).toBe(409);
    const sent = await call('POST', '/auth/send-code/forgot', { body: { phone_number: phone } });
    expect(sent.status).toBe(200);
    expect(() => ctx.sms.lastCode(phone)).not.toThrow();
  });
});
