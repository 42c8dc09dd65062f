import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_TTL_DAYS } from '@portal/contract';
import { client, createTestApp, login, registerCustomer, type TestContext } from './helpers';
import { createAdmin } from '../src/modules/admin/create-admin';
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

describe('customer QR code', () => {
  it('is valid for QR_TTL_DAYS and signed afresh on every visit (renewed silently while used)', async () => {
    const c = await registerCustomer(ctx);
    const res = await call('GET', '/qr', { token: c.token });
    expect(res.status).toBe(200);
    const days = (Date.parse(res.json.data.expires_at) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(QR_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(QR_TTL_DAYS);
    expect(res.json.data.version).toBe(1);
    expect((await m.lookup(staff.branch, { customer: res.json.data.token })).status).toBe(200);
  });

  it('an expired code is refused at the counter with its own message', async () => {
    const c = await registerCustomer(ctx);
    const row = { id: c.user.id as number, qrVersion: 1, clientCode: c.user.client_code as string };
    const old = await ctx.app.qr.sign(row, new Date(Date.now() - (QR_TTL_DAYS * 86400 + 60) * 1000));
    const res = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: old.token }, lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('qr_expired');
    expect(res.json.message).toContain('expired');
    const almost = await ctx.app.qr.sign(row, new Date(Date.now() - (QR_TTL_DAYS * 86400 - 60) * 1000));
    expect((await m.lookup(staff.branch, { customer: almost.token })).status).toBe(200);
  });

  it('renewing stops the old code at once; the new one works', async () => {
    const c = await registerCustomer(ctx);
    const before = (await call('GET', '/qr', { token: c.token })).json.data;
    const renewed = await call('POST', '/qr/renew', { token: c.token });
    expect(renewed.status).toBe(200);
    expect(renewed.json.data.version).toBe(before.version + 1);
    const old = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: before.token } });
    expect(old.json.code).toBe('qr_revoked');
    expect((await m.lookup(staff.branch, { customer: renewed.json.data.token })).status).toBe(200);
    expect((await call('GET', '/qr', { token: c.token })).json.data.version).toBe(before.version + 1);
    expect((await call('POST', '/qr/renew')).status).toBe(401);
  });

  it('two renewals at once leave two distinct versions, the last one valid', async () => {
    const c = await registerCustomer(ctx);
    const [a, b] = await Promise.all([call('POST', '/qr/renew', { token: c.token }), call('POST', '/qr/renew', { token: c.token })]);
    expect(new Set([a.json.data.version, b.json.data.version])).toEqual(new Set([2, 3]));
    const last = a.json.data.version === 3 ? a : b;
    const first = a.json.data.version === 3 ? b : a;
    expect((await m.lookup(staff.branch, { customer: last.json.data.token })).status).toBe(200);
    expect((await m.lookup(staff.branch, { customer: first.json.data.token })).json.code).toBe('qr_revoked');
  });

  it('a password reset revokes the QR code; a fresh sign-in shows a new one that works', async () => {
    const c = await registerCustomer(ctx);
    const before = (await call('GET', '/qr', { token: c.token })).json.data;
    expect((await m.lookup(staff.branch, { customer: before.token })).status).toBe(200);
    const ip = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    expect((await call('POST', '/auth/send-code/forgot', { body: { phone_number: c.phone }, ip })).status).toBe(200);
    const verified = await call('POST', '/auth/verify-code', {
      body: { phone_number: c.phone, code: ctx.sms.lastCode(c.phone), type: 'forgot' },
    });
    const password = 'Tulpar-Crosses-Steppe-8';
    const reset = await call('POST', '/auth/update-password', {
      body: { phone_number: c.phone, verification_token: verified.json.data.verification_token, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    const old = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: before.token }, lang: 'en' });
    expect(old.status).toBe(422);
    expect(old.json.code).toBe('qr_revoked');
    const again = await login(ctx.app, c.phone, password);
    const fresh = (await call('GET', '/qr', { token: again.token })).json.data;
    expect(fresh.version).toBe(before.version + 1);
    expect((await m.lookup(staff.branch, { customer: fresh.token })).status).toBe(200);
  });

  it('blocking revokes the QR code for good: refused as blocked while blocked, as replaced once unblocked', async () => {
    const c = await registerCustomer(ctx);
    const before = (await call('GET', '/qr', { token: c.token })).json.data;
    const block = (blocked: boolean) => call('PATCH', `/admin/users/${c.user.id}`, { token: staff.admin, body: { blocked } });
    expect((await block(true)).status).toBe(200);
    const whileBlocked = await m.call('POST', '/manage/handover/lookup', {
      token: staff.branch,
      body: { customer: before.token },
      lang: 'en',
    });
    expect(whileBlocked.json.code).toBe('customer_blocked');
    expect((await block(false)).status).toBe(200);
    const after = await m.call('POST', '/manage/handover/lookup', { token: staff.branch, body: { customer: before.token } });
    expect(after.json.code).toBe('qr_revoked');
    const again = await login(ctx.app, c.phone, c.password);
    const fresh = (await call('GET', '/qr', { token: again.token })).json.data;
    expect(fresh.version).toBe(before.version + 1);
    expect((await m.lookup(staff.branch, { customer: fresh.token })).status).toBe(200);
  });

  it('create-admin setting a password on an existing account revokes its QR code and ends its sessions', async () => {
    const c = await registerCustomer(ctx);
    const before = (await call('GET', '/qr', { token: c.token })).json.data;
    await createAdmin(ctx.database.db, { phone: c.phone, password: 'Karlygash-Sings-At-Dawn-4' });
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(401);
    const again = await login(ctx.app, c.phone, 'Karlygash-Sings-At-Dawn-4');
    expect((await call('GET', '/qr', { token: again.token })).json.data.version).toBe(before.version + 1);
  });
});
