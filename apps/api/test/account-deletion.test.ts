import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notificationChannels,
  orders,
  payments,
  pickupBookings,
  pickupSlotCounters,
  pushSubscriptions,
  receipts,
  savedTracks,
  sessions,
  supportRequests,
  trustedPeople,
  users,
  verificationCodes,
} from '../src/db/schema';
import { roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, DEMO, login, registerCustomer, type TestContext } from './helpers';
import { parcelsIn } from './factories';
import { staffTokens, type Staff } from './manage-helpers';
import { makeOrder } from './orders-fixtures';

/** A customer deletes their account after a code (issue 30 part 6, ADR 069). */
let ctx: TestContext;
let call: ReturnType<typeof client>;
let staff: Staff;
let tokens: RoleTokens;
let ipCounter = 0;
const freshIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
  staff = await staffTokens(ctx);
  tokens = await roleTokens(ctx, (await registerCustomer(ctx)).token);
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const sendCode = (token: string, lang = 'en') => call('POST', '/auth/send-code/delete-account', { token, lang, ip: freshIp() });
const erase = (token: string, code: string, lang = 'en') => call('POST', '/auth/user/delete', { token, body: { code }, lang });
const smsTo = (phone: string) => ctx.sms.sent.filter((s) => s.to === phone);

/** A customer whose parcels went through the counter: received, carried, handed over and paid; with debt if asked. */
const customerWithHistory = (opts: { debt?: boolean } = {}) =>
  parcelsIn(ctx, 'delivered', [1.5, 1.5], { prefix: 'DL', pay: opts.debt ? (total) => Math.floor(total / 2) : 'all' });

describe('deleting an account: when it is refused', () => {
  it('refuses while a parcel is not handed over (on the way or at a branch), and sends no code', async () => {
    const c = await registerCustomer(ctx);
    const parcel = await makeOrder(db(), { userId: c.user.id, status: 'at_branch' });
    await makeOrder(db(), { userId: c.user.id, status: 'in_transit' });
    const texts = new Set<string>();
    for (const lang of ['kk', 'ru', 'en']) {
      const res = await sendCode(c.token, lang);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('account_has_parcels');
      expect(res.json.message).toContain('2');
      texts.add(res.json.message);
    }
    expect(texts.size).toBe(3);
    expect(smsTo(c.phone).filter((s) => s.purpose === 'delete_account')).toEqual([]);
    expect(parcel.id).toBeGreaterThan(0);
  });

  it('refuses while the customer owes money, naming the amount', async () => {
    const c = await customerWithHistory({ debt: true });
    const res = await sendCode(c.token);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('account_has_debt');
    expect(res.json.message).toMatch(/\d/);
  });

  it('is for customers only: staff and admin accounts cannot delete themselves this way', async () => {
    for (const phone of [DEMO.branchStaff, DEMO.admin]) {
      const res = await sendCode((await login(ctx.app, phone)).token);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('not_a_customer');
    }
    expect((await erase(staff.branch, '123456')).json.code).toBe('not_a_customer');
  });
});

describe('deleting an account: the code', () => {
  it('caps wrong tries at five, then even the right code is refused', async () => {
    const c = await registerCustomer(ctx);
    expect((await sendCode(c.token)).status).toBe(200);
    const code = ctx.sms.lastCode(c.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await erase(c.token, wrong)).json.code).toBe('code_invalid');
    expect((await erase(c.token, wrong)).json.code).toBe('code_attempts_exceeded');
    expect((await erase(c.token, code)).json.code).toBe('code_attempts_exceeded');
    expect((await db().select().from(users).where(eq(users.id, c.user.id)))[0]!.deletedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const c = await registerCustomer(ctx);
    expect((await sendCode(c.token)).status).toBe(200);
    await db()
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.phoneNumber, c.phone));
    const res = await erase(c.token, ctx.sms.lastCode(c.phone));
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('code_expired');
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(200);
  });

  it('of simultaneous deletions with one code exactly one succeeds', async () => {
    const c = await registerCustomer(ctx);
    expect((await sendCode(c.token)).status).toBe(200);
    const code = ctx.sms.lastCode(c.phone);
    const results = await Promise.all(Array.from({ length: 6 }, () => erase(c.token, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([401, 422]).toContain(r.status);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'user.delete'));
    expect(audits.filter((a) => a.targetId === String(c.user.id))).toHaveLength(1);
  });
});

describe('deleting an account: what is erased and what is kept', () => {
  it('erases the person, keeps parcels, payments, receipts and the audit under the id; the number can register again', async () => {
    const c = await customerWithHistory();
    const id = c.user.id;
    const second = await login(ctx.app, c.phone, c.password);
    await db()
      .insert(pushSubscriptions)
      .values({ userId: id, endpoint: `https://fcm.googleapis.com/fcm/send/del-${id}`, p256dh: 'k', auth: 'a' });
    await db().insert(notificationChannels).values({ userId: id, channel: 'telegram', address: '555000111' });
    const support = await call('POST', '/supports', {
      token: c.token,
      ip: freshIp(),
      body: { category: 'account', message: 'Please delete my data after pickup', contact: 'aigerim@example.kz', name: 'Aigerim' },
    });
    expect(support.status).toBe(201);
    // Arranged for later: a booked pickup holding a slot's place, and a trusted person (both rows as their modules write them).
    const slotStart = new Date(Date.now() + 2 * 86_400_000);
    await db().insert(pickupSlotCounters).values({ branchId: staff.branchId, slotStart, booked: 1 });
    await db().insert(pickupBookings).values({ userId: id, branchId: staff.branchId, slotStart, slotMinutes: 30 });
    await db().insert(trustedPeople).values({
      userId: id,
      branchId: staff.branchId,
      name: 'Dana',
      phone: '+77019998877',
      orderIds: [],
      validFrom: '2026-11-30',
      validTo: '2026-12-30',
    });
    const parcelsBefore = await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, id));
    const paymentsBefore = await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, id));
    expect(parcelsBefore).toHaveLength(2);
    expect(paymentsBefore.length).toBeGreaterThan(0);
    const qrBefore = (await db().select().from(users).where(eq(users.id, id)))[0]!.qrVersion;

    expect((await sendCode(c.token, 'kk')).status).toBe(200);
    const sms = smsTo(c.phone).at(-1)!;
    expect(sms.purpose).toBe('delete_account');
    expect(sms.text).toContain('жою коды');
    const res = await erase(c.token, sms.code!);
    expect(res.status).toBe(200);

    // Signed out everywhere; neither the number nor the password signs in.
    expect((await call('GET', '/auth/user', { token: c.token })).status).toBe(401);
    expect((await call('GET', '/auth/user', { token: second.token })).status).toBe(401);
    expect((await db().select().from(sessions).where(eq(sessions.userId, id))).every((s) => s.revokedAt)).toBe(true);
    expect((await call('POST', '/auth/login', { body: { phone_number: c.phone, password: c.password } })).json.code).toBe(
      'invalid_credentials',
    );
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ phoneNumber: `deleted:${id}`, firstName: '', lastName: '', gender: null, dateOfBirth: null });
    expect(row!.passwordHash).not.toMatch(/^\$argon2/);
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.qrVersion).toBe(qrBefore + 1);
    // Contact data gone.
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id))).toEqual([]);
    expect(await db().select().from(notificationChannels).where(eq(notificationChannels.userId, id))).toEqual([]);
    expect(await db().select().from(savedTracks).where(eq(savedTracks.userId, id))).toEqual([]);
    const [request] = await db().select().from(supportRequests).where(eq(supportRequests.id, support.json.data.id));
    expect(request).toMatchObject({ userId: id, contact: '', name: null });
    // The booking is cancelled and its place back in the slot; the trusted person can no longer collect.
    expect((await db().select().from(pickupBookings).where(eq(pickupBookings.userId, id))).map((b) => b.state)).toEqual(['cancelled']);
    expect((await db().select().from(pickupSlotCounters).where(eq(pickupSlotCounters.slotStart, slotStart)))[0]!.booked).toBe(0);
    expect((await db().select().from(trustedPeople).where(eq(trustedPeople.userId, id)))[0]!.revokedAt).not.toBeNull();
    // Kept, still pointing at the id.
    expect(await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, id))).toEqual(parcelsBefore);
    expect(await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, id))).toEqual(paymentsBefore);
    expect((await db().select().from(receipts).where(eq(receipts.userId, id))).length).toBeGreaterThan(0);
    const audit = await call('GET', `/admin/audit?filters[target_type]=user&filters[target_id]=${id}&filters[action]=user.delete`, {
      token: tokens.admin,
    });
    expect(audit.json.data).toHaveLength(1);
    expect(JSON.stringify(audit.json.data)).not.toContain(c.phone);
    // The admin sees a deleted account that cannot be unblocked or moved.
    const detail = (await call('GET', `/admin/users/${id}`, { token: tokens.admin })).json.data;
    expect(detail.user).toMatchObject({ deleted: true, blocked: true, first_name: '' });
    expect(detail.parcel_count).toBe(2);
    const unblock = await call('PATCH', `/admin/users/${id}`, { token: tokens.admin, body: { blocked: false } });
    expect(unblock.json.code).toBe('account_deleted');
    const move = await call('POST', `/admin/users/${id}/phone`, {
      token: tokens.admin,
      body: { phone_number: c.phone, reason: 'Came back to the branch' },
    });
    expect(move.json.code).toBe('account_deleted');

    // The number is free: a new person registers with it and gets a new account; the old code is spent for them too.
    await db()
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.phoneNumber, c.phone));
    const again = await registerCustomer(ctx, { phone_number: c.phone });
    expect(again.user.id).not.toBe(id);
    expect(again.user.client_code).not.toBe(c.user.client_code);
    const reuse = await erase(again.token, sms.code!);
    expect(reuse.status).toBe(422);
    expect(reuse.json.code).toBe('code_invalid');
  });
});
