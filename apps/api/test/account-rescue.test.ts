import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../src/db/schema';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';

/** Admin rescue of a customer who lost their SIM: the phone change and the name (issue 30 part 6). */
let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  tokens = await roleTokens(ctx, (await registerCustomer(ctx)).token);
});
afterAll(async () => {
  await ctx?.close();
});

const REASON = 'Lost SIM card, identity checked at the Almaty branch';
const userRow = async (id: number) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const detailOf = async (id: number) => (await call('GET', `/admin/users/${id}`, { token: tokens.admin })).json.data;
const movePhone = (id: number, body: Record<string, unknown>, lang = 'en') =>
  call('POST', `/admin/users/${id}/phone`, { token: tokens.admin, body, lang });
async function auditOf(targetId: number, action: string) {
  const res = await call('GET', `/admin/audit?filters[target_type]=user&filters[target_id]=${targetId}&filters[action]=${action}`, {
    token: tokens.admin,
  });
  return res.json.data as Array<{ before: any; after: any; actor_role: string }>;
}

describe('admin rescue: role matrix', () => {
  it('moving a number and renaming are for admins only', async () => {
    const c = await registerCustomer(ctx);
    const moved = await expectAdminOnly(ctx, tokens, 'POST', `/admin/users/${c.user.id}/phone`, {
      phone_number: newPhone(),
      reason: REASON,
    });
    expect(moved.status).toBe(200);
    const renamed = await expectAdminOnly(ctx, tokens, 'PUT', `/admin/users/${c.user.id}/name`, {
      first_name: 'Aruzhan',
      last_name: 'Sadykova',
    });
    expect(renamed.status).toBe(200);
  });
});

describe('admin moves a locked-out customer to a new number', () => {
  it('ends every session, revokes the QR, texts the new number in their language, audits the reason; they sign in with it', async () => {
    const c = await registerCustomer(ctx);
    expect((await call('POST', '/auth/user/update', { token: c.token, body: { language: 'kk' } })).status).toBe(200);
    // Locked out: the password was forgotten too (five wrong tries lock the old number).
    for (let i = 0; i < 5; i++) await call('POST', '/auth/login', { body: { phone_number: c.phone, password: 'Wrong-Guess-1' } });
    const qrBefore = (await userRow(c.user.id)).qrVersion;
    const target = newPhone();
    const res = await movePhone(c.user.id, {
      phone_number: target,
      reason: `  ${REASON}  `,
      updated_at: (await detailOf(c.user.id)).user.updated_at,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ sms_sent: true, user: { id: c.user.id, phone_number: target, deleted: false } });
    // Whoever holds the old SIM is out, and the QR code they may have is void.
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(401);
    expect((await detailOf(c.user.id)).sessions).toEqual([]);
    expect((await userRow(c.user.id)).qrVersion).toBe(qrBefore + 1);
    const sms = ctx.sms.sent.filter((m) => m.to === target);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('аккаунтыңыздың нөмірі');
    expect(sms[0]!.text).toContain(c.user.client_code);
    expect(sms[0]!.code).toBeUndefined();
    const [audit] = await auditOf(c.user.id, 'user.phone_change');
    expect(audit).toMatchObject({
      actor_role: 'admin',
      before: { phone_number: c.phone },
      after: { phone_number: target, reason: REASON },
    });
    // The old number no longer signs in; the new one does, with the password, and its reset reaches the new SIM.
    expect((await call('POST', '/auth/login', { body: { phone_number: c.phone, password: c.password } })).status).not.toBe(200);
    expect((await login(ctx.app, target, c.password)).user.id).toBe(c.user.id);
    expect((await call('POST', '/auth/send-code/forgot', { body: { phone_number: target }, ip: '10.77.0.1' })).status).toBe(200);
    expect(ctx.sms.lastCode(target)).toMatch(/^\d{6}$/);
    // The freed old number may be registered again by someone else (its last code is made older than the resend wait).
    await ctx.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.phoneNumber, c.phone));
    expect((await registerCustomer(ctx, { phone_number: c.phone })).user.id).not.toBe(c.user.id);
  });

  it('requires a reason of 3–500 characters; nothing changes when refused', async () => {
    const c = await registerCustomer(ctx);
    for (const reason of [undefined, '', '  ', 'ab', 'x'.repeat(501)]) {
      const res = await movePhone(c.user.id, { phone_number: newPhone(), ...(reason === undefined ? {} : { reason }) });
      expect(res.status).toBe(422);
      expect(res.json.errors).toHaveProperty('reason');
    }
    expect((await userRow(c.user.id)).phoneNumber).toBe(c.phone);
    expect(await auditOf(c.user.id, 'user.phone_change')).toEqual([]);
  });

  it('checks the number with the phone rules, refuses the same one and another account’s (409 in the caller’s language)', async () => {
    const c = await registerCustomer(ctx);
    const bad = await movePhone(c.user.id, { phone_number: '12345', reason: REASON });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveProperty('phone_number');
    const same = await movePhone(c.user.id, { phone_number: c.phone, reason: REASON });
    expect(same.status).toBe(422);
    expect(same.json.code).toBe('phone_same');
    const texts = new Set<string>();
    for (const lang of ['kk', 'ru', 'en']) {
      const taken = await movePhone(c.user.id, { phone_number: DEMO.customer, reason: REASON }, lang);
      expect(taken.status).toBe(409);
      expect(taken.json.code).toBe('phone_taken');
      texts.add(taken.json.message);
    }
    expect(texts.size).toBe(3);
    // The national format is the same number (the contract normalises it).
    const local = await movePhone(c.user.id, { phone_number: '8 701 000 00 01', reason: REASON });
    expect(local.status).toBe(409);
    expect((await userRow(c.user.id)).phoneNumber).toBe(c.phone);
  });

  it('is for customers only, never the admin themselves, a stale read or an unknown account', async () => {
    const staff = await login(ctx.app, DEMO.branchStaff);
    const notCustomer = await movePhone(staff.user.id, { phone_number: newPhone(), reason: REASON });
    expect(notCustomer.status).toBe(409);
    expect(notCustomer.json.code).toBe('not_a_customer');
    const admin = await login(ctx.app, DEMO.admin);
    expect((await movePhone(admin.user.id, { phone_number: newPhone(), reason: REASON })).json.code).toBe('own_account');
    expect((await movePhone(999_999, { phone_number: newPhone(), reason: REASON })).status).toBe(404);
    const c = await registerCustomer(ctx);
    const stale = await movePhone(c.user.id, { phone_number: newPhone(), reason: REASON, updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
  });

  it('of simultaneous moves of different customers to one number exactly one wins; the others get phone_taken', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(ctx)));
    const target = newPhone();
    const results = await Promise.all(customers.map((c) => movePhone(c.user.id, { phone_number: target, reason: REASON })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers.map((r) => [r.status, r.json.code])).toEqual(losers.map(() => [409, 'phone_taken']));
    const owners = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, target));
    expect(owners).toHaveLength(1);
    expect(ctx.sms.sent.filter((m) => m.to === target)).toHaveLength(1);
  });
});

describe('admin edits a customer’s name', () => {
  it('saves both names, audited before/after; empty names are refused', async () => {
    const c = await registerCustomer(ctx, { first_name: 'Aigerim', last_name: 'Nurlanova' });
    const empty = await call('PUT', `/admin/users/${c.user.id}/name`, { token: tokens.admin, body: { first_name: ' ', last_name: 'X' } });
    expect(empty.status).toBe(422);
    const res = await call('PUT', `/admin/users/${c.user.id}/name`, {
      token: tokens.admin,
      body: { first_name: 'Aigerim', last_name: 'Nurlankyzy' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ first_name: 'Aigerim', last_name: 'Nurlankyzy' });
    const [audit] = await auditOf(c.user.id, 'user.rename');
    expect(audit).toMatchObject({ before: { last_name: 'Nurlanova' }, after: { last_name: 'Nurlankyzy' } });
    // The customer's own session goes on: a name is no credential.
    expect((await call('GET', '/auth/user', { token: c.token })).json.data.last_name).toBe('Nurlankyzy');
  });
});
