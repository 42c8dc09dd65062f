import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_HOURS } from '@portal/contract';
import { auditLog, staffInvitations } from '../src/db/schema';
import { sha256 } from '../src/modules/auth/codes-service';
import { text } from '../src/texts/texts';
import { staffAt } from './factories';
import { client, createTestApp, login, newPhone, type TestContext } from './helpers';

/** Staff invitations (issue 32, ADR 075): an SMS with a one-time link to set the password, in the person's language. */
let ctx: TestContext;
let admin: string;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await staffAt(ctx, 'admin')).token;
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const PASSWORD = 'Kettle-Window-42';

async function invite(language: 'kk' | 'ru' | 'en' = 'ru') {
  const phone = newPhone();
  const res = await call('POST', '/admin/users', {
    token: admin,
    body: { phone_number: phone, first_name: 'Асель', last_name: 'Нурлан', role: 'staff', place: { kind: 'china_warehouse' }, language },
  });
  expect(res.status, res.body).toBe(201);
  return { phone, id: res.json.data.id as number, user: res.json.data };
}

const smsTo = (phone: string) => ctx.sms.sent.filter((s) => s.to === phone);
const tokenOf = (phone: string) => smsTo(phone).at(-1)!.code!;
const setPassword = (token: string, lang = 'en', password = PASSWORD) =>
  call('POST', '/auth/set-password', { body: { token, password, password_confirmation: password }, lang });

describe('staff invitations', () => {
  it('creating a staff account sends an SMS in their language with a link; the list says invited, not yet accepted', async () => {
    for (const lang of ['kk', 'ru', 'en'] as const) {
      const { phone, id, user } = await invite(lang);
      expect(user.invitation).toBe('pending');
      const sms = smsTo(phone);
      expect(sms).toHaveLength(1);
      const token = sms[0]!.code!;
      expect(sms[0]!.purpose).toBe('staff_invitation');
      expect(sms[0]!.text).toContain(`/auth/set-password?token=${token}`);
      const site = sms[0]!.text.split(':')[0]!;
      expect(sms[0]!.text).toBe(
        text('sms.staff_invitation', lang, {
          site,
          hours: INVITATION_HOURS,
          link: `${ctx.config.publicUrl}/auth/set-password?token=${token}`,
        }),
      );
      // Only the token's hash is kept.
      const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.userId, id));
      expect(row!.tokenHash).toBe(sha256(token));
      expect(row!.tokenHash).not.toContain(token);
      const listed = await call('GET', `/admin/users?filters[search]=${phone.slice(-7)}`, { token: admin });
      expect(listed.json.data[0].invitation).toBe('pending');
    }
  });

  it('the link checks, sets the password once, then signs in; the list no longer shows the invitation', async () => {
    const { phone, id } = await invite();
    const token = tokenOf(phone);
    const check = await call('POST', '/auth/invitation', { body: { token } });
    expect(check.status).toBe(200);
    expect(check.json.data).toMatchObject({ first_name: 'Асель', phone_number: phone });
    const done = await setPassword(token);
    expect(done.status, done.body).toBe(200);
    expect(done.json.data.phone_number).toBe(phone);
    expect((await login(ctx.app, phone, PASSWORD)).token).toBeTruthy();
    const again = await setPassword(token, 'ru');
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('invitation_used');
    expect(again.json.message).toBe(text('errors.invitation_used', 'ru'));
    expect((await call('POST', '/auth/invitation', { body: { token } })).status).toBe(409);
    expect((await call('GET', `/admin/users/${id}`, { token: admin })).json.data.user.invitation).toBeNull();
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.targetType, 'user')));
    expect(audit.map((a) => a.action).sort()).toEqual(['user.create', 'user.invitation_accepted', 'user.invite']);
  });

  it('a burst of parallel uses of one link: exactly one sets the password', async () => {
    const { phone } = await invite();
    const token = tokenOf(phone);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => setPassword(token, 'en', `${PASSWORD}-${i}`)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.json.code === 'invitation_used')).toHaveLength(7);
  });

  it('an expired link is 410 in the caller language; the list says expired; hostile tokens are 4xx', async () => {
    const { phone, id } = await invite();
    const token = tokenOf(phone);
    await ctx.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, id));
    const late = await setPassword(token, 'kk');
    expect(late.status).toBe(410);
    expect(late.json.message).toBe(text('errors.invitation_expired', 'kk'));
    expect((await call('GET', `/admin/users/${id}`, { token: admin })).json.data.user.invitation).toBe('expired');
    expect((await setPassword('x'.repeat(43))).status).toBe(404);
    for (const bad of ['', 'a b', 'x'.repeat(201), 42]) {
      expect(
        (await call('POST', '/auth/set-password', { body: { token: bad, password: PASSWORD, password_confirmation: PASSWORD } })).status,
      ).toBe(422);
    }
    expect((await setPassword(token, 'en', '123456')).status).toBe(422);
  });

  it('a resend makes the earlier link invalid; only staff and admin accounts, only by admins', async () => {
    const { phone, id } = await invite('kk');
    const first = tokenOf(phone);
    const resent = await call('POST', `/admin/users/${id}/invitation`, { token: admin });
    expect(resent.status, resent.body).toBe(200);
    expect(resent.json.data.sms_sent).toBe(true);
    const second = tokenOf(phone);
    expect(second).not.toBe(first);
    expect(smsTo(phone).at(-1)!.text).toContain(text('sms.staff_invitation', 'kk').split('{site}')[1]!.split('{hours}')[0]!);
    const old = await setPassword(first, 'ru');
    expect(old.status).toBe(404);
    expect(old.json.message).toBe(text('errors.invitation_invalid', 'ru'));
    expect((await setPassword(second)).status).toBe(200);

    const customer = await call('POST', '/auth/login', { body: { phone_number: '+77010000001', password: 'Orda-demo-2026' } });
    const customerId = customer.json.data.user.id as number;
    expect((await call('POST', `/admin/users/${customerId}/invitation`, { token: admin })).json.code).toBe('not_staff');
    const clerk = await staffAt(ctx, 'branch');
    expect((await call('POST', `/admin/users/${id}/invitation`, { token: clerk.token })).status).toBe(403);
    expect((await call('POST', `/admin/users/${id}/invitation`)).status).toBe(401);
  });
});
