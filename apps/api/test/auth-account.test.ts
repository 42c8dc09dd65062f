import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('user/update', () => {
  it('updates personal data and answers the updated user', async () => {
    const me = await registerCustomer(ctx);
    const res = await call('POST', '/auth/user/update', {
      token: me.token,
      body: { first_name: 'Асель', last_name: 'Нурланова', gender: 'female', language: 'kk', branch_id: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      first_name: 'Асель',
      last_name: 'Нурланова',
      gender: 'female',
      language: 'kk',
      branch_id: 2,
      phone_number: me.phone,
    });
    expect((await call('GET', '/auth/user', { token: me.token })).json.data.first_name).toBe('Асель');
  });

  it('refuses what a customer may not change, and bad values', async () => {
    const me = await registerCustomer(ctx);
    const role = await call('POST', '/auth/user/update', { token: me.token, body: { role: 'admin' }, lang: 'en' });
    expect(role.status).toBe(422);
    expect(role.json.errors.role).toEqual(['Unknown field']);
    const phone = await call('POST', '/auth/user/update', { token: me.token, body: { phone_number: '+77019999999' } });
    expect(phone.status).toBe(422);
    const branch = await call('POST', '/auth/user/update', { token: me.token, body: { branch_id: 424242 } });
    expect(branch.status).toBe(422);
    const huge = await call('POST', '/auth/user/update', { token: me.token, body: { first_name: 'x'.repeat(5000) }, lang: 'en' });
    expect(huge.status).toBe(422);
    expect(huge.json.errors.first_name).toEqual(['The value is too long']);
    const empty = await call('POST', '/auth/user/update', { token: me.token, body: { first_name: '   ' }, lang: 'en' });
    expect(empty.json.errors.first_name).toEqual(['This field is required']);
    expect((await call('GET', '/auth/user', { token: me.token })).json.data.role).toBe('customer');
  });

  it('needs sign-in', async () => {
    expect((await call('POST', '/auth/user/update', { body: { first_name: 'X' } })).status).toBe(401);
  });
});

describe('phone change', () => {
  async function updatePhoneToken(token: string, phone: string) {
    const sent = await call('POST', '/auth/send-code/update-phone', { token });
    expect(sent.status).toBe(200);
    expect(sent.json.data.phone_hint).toContain(phone.slice(-4));
    const v = await call('POST', '/auth/verify-code', {
      body: { phone_number: phone, code: ctx.sms.lastCode(phone), type: 'update_phone' },
    });
    expect(v.status).toBe(200);
    return v.json.data.verification_token as string;
  }

  async function newPhoneCode(token: string, vt: string, phone: string) {
    const sent = await call('POST', '/auth/send-code/new-phone', { token, body: { phone_number: phone, verification_token: vt } });
    expect(sent.status).toBe(200);
    return ctx.sms.lastCode(phone);
  }

  it('proves both numbers: a code to the current one, then a code to the new one; moves the account, ends the other sessions', async () => {
    const me = await registerCustomer(ctx);
    const other = await login(ctx.app, me.phone, me.password);
    const vt = await updatePhoneToken(me.token, me.phone);
    const fresh = newPhone();
    const code = await newPhoneCode(me.token, vt, fresh);
    expect(ctx.sms.sent.at(-1)).toMatchObject({ to: fresh, purpose: 'new_phone' });
    const res = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: fresh, verification_token: vt, code },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.phone_number).toBe(fresh);
    expect((await call('GET', '/auth/user', { token: me.token })).status).toBe(200);
    expect((await call('GET', '/auth/user', { token: other.token })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { phone_number: fresh, password: me.password } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: me.password } })).status).toBe(401);
    // the token was single use
    const again = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: newPhone(), verification_token: vt, code },
    });
    expect(again.status).toBe(422);
  });

  it('saves nothing without the code sent to the new number (a typo cannot lock the customer out)', async () => {
    const me = await registerCustomer(ctx);
    const vt = await updatePhoneToken(me.token, me.phone);
    const fresh = newPhone();
    const noCode = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: fresh, verification_token: vt },
    });
    expect(noCode.status).toBe(422);
    const neverSent = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: fresh, verification_token: vt, code: '123456' },
      lang: 'en',
    });
    expect(neverSent.status).toBe(422);
    expect(neverSent.json.code).toBe('code_invalid');
    const code = await newPhoneCode(me.token, vt, fresh);
    const wrong = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: fresh, verification_token: vt, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    // a code sent to one new number does not move the account to another
    const elsewhere = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: newPhone(), verification_token: vt, code },
    });
    expect(elsewhere.status).toBe(422);
    expect((await call('GET', '/auth/user', { token: me.token })).json.data.phone_number).toBe(me.phone);
    // the current number's proof was not spent by the failures
    const ok = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: fresh, verification_token: vt, code },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses the current number as the new one, before any SMS', async () => {
    const me = await registerCustomer(ctx);
    const vt = await updatePhoneToken(me.token, me.phone);
    const before = ctx.sms.sent.length;
    const same = await call('POST', '/auth/send-code/new-phone', {
      token: me.token,
      body: { phone_number: me.phone, verification_token: vt },
      lang: 'en',
    });
    expect(same.status).toBe(422);
    expect(same.json.code).toBe('phone_same');
    expect(same.json.errors.phone_number).toEqual(['This is already your number. Enter the new one']);
    expect(ctx.sms.sent.length).toBe(before);
    const save = await call('POST', '/auth/user/update-phone', {
      token: me.token,
      body: { phone_number: me.phone, verification_token: vt, code: '123456' },
    });
    expect(save.status).toBe(422);
    expect(save.json.code).toBe('phone_same');
  });

  it('sends no code to the new number without proof of the current one, nor to another account’s number', async () => {
    const me = await registerCustomer(ctx);
    const noProof = await call('POST', '/auth/send-code/new-phone', {
      token: me.token,
      body: { phone_number: newPhone(), verification_token: 'a'.repeat(43) },
    });
    expect(noProof.status).toBe(422);
    expect(noProof.json.code).toBe('verification_token_invalid');
    const vt = await updatePhoneToken(me.token, me.phone);
    const taken = await call('POST', '/auth/send-code/new-phone', {
      token: me.token,
      body: { phone_number: DEMO.admin, verification_token: vt },
      lang: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('phone_taken');
    expect((await call('POST', '/auth/send-code/new-phone', { body: { phone_number: newPhone(), verification_token: vt } })).status).toBe(
      401,
    );
  });

  it('refuses another user’s verification token', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    const vtOfA = await updatePhoneToken(a.token, a.phone);
    const res = await call('POST', '/auth/send-code/new-phone', {
      token: b.token,
      body: { phone_number: newPhone(), verification_token: vtOfA },
    });
    expect(res.status).toBe(422);
    const save = await call('POST', '/auth/user/update-phone', {
      token: b.token,
      body: { phone_number: newPhone(), verification_token: vtOfA, code: '123456' },
    });
    expect(save.status).toBe(422);
  });

  it('needs sign-in to send the code', async () => {
    expect((await call('POST', '/auth/send-code/update-phone')).status).toBe(401);
  });
});

describe('forgot password', () => {
  it('sets a new password and ends every session', async () => {
    const me = await registerCustomer(ctx);
    await call('POST', '/auth/send-code/forgot', { body: { phone_number: me.phone } });
    const v = await call('POST', '/auth/verify-code', {
      body: { phone_number: me.phone, code: ctx.sms.lastCode(me.phone), type: 'forgot' },
    });
    const res = await call('POST', '/auth/update-password', {
      body: {
        phone_number: me.phone,
        verification_token: v.json.data.verification_token,
        password: 'Tulpar-Runs-77',
        password_confirmation: 'Tulpar-Runs-77',
      },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/auth/user', { token: me.token })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: me.password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Tulpar-Runs-77' } })).status).toBe(200);
    const reuse = await call('POST', '/auth/update-password', {
      body: {
        phone_number: me.phone,
        verification_token: v.json.data.verification_token,
        password: 'Another-Pass-88',
        password_confirmation: 'Another-Pass-88',
      },
    });
    expect(reuse.status).toBe(422);
  });

  it('a verified code for a number without an account leads nowhere', async () => {
    const phone = newPhone();
    await call('POST', '/auth/send-code/forgot', { body: { phone_number: phone } });
    expect(ctx.sms.sent.some((m) => m.to === phone)).toBe(false);
    const res = await call('POST', '/auth/update-password', {
      body: {
        phone_number: phone,
        verification_token: 'a'.repeat(43),
        password: 'Tulpar-Runs-77',
        password_confirmation: 'Tulpar-Runs-77',
      },
    });
    expect(res.status).toBe(422);
  });
});

describe('users/{id}', () => {
  it('shows yourself, hides others from customers (404), shows anyone to staff and admins', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    expect((await call('GET', `/users/${a.user.id}`, { token: a.token })).json.data.id).toBe(a.user.id);
    expect((await call('GET', `/users/${b.user.id}`, { token: a.token })).status).toBe(404);
    expect((await call('GET', '/users/999999', { token: a.token })).status).toBe(404);
    const staff = await login(ctx.app, DEMO.branchStaff);
    const admin = await login(ctx.app, DEMO.admin);
    expect((await call('GET', `/users/${b.user.id}`, { token: staff.token })).json.data.client_code).toBe(b.user.client_code);
    expect((await call('GET', `/users/${b.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await call('GET', '/users/999999', { token: admin.token })).status).toBe(404);
    expect((await call('GET', '/users/abc', { token: a.token })).status).toBe(422);
    expect((await call('GET', '/users/-1', { token: a.token })).status).toBe(422);
    expect((await call('GET', `/users/${a.user.id}`)).status).toBe(401);
    const body = (await call('GET', `/users/${b.user.id}`, { token: admin.token })).body;
    expect(body).not.toContain('password');
  });

  it('tells staff where they work', async () => {
    const staff = await login(ctx.app, DEMO.warehouse);
    expect(staff.user.role).toBe('staff');
    expect(staff.user.place).toEqual({ kind: 'china_warehouse', branch_id: null });
    const branch = await login(ctx.app, DEMO.branchStaff);
    expect(branch.user.place.kind).toBe('branch');
  });
});

/** A written message with the same text in every language. */
const same = (title: string, body: string) => ({ title: { kk: title, ru: title, en: title }, body: { kk: body, ru: body, en: body } });

describe('notifications/read', () => {
  it('answers the grouped list; a read group has no unread left', async () => {
    const me = await registerCustomer(ctx);
    await ctx.app.db.transaction(async (tx) => {
      const { notificationsService } = await import('../src/modules/notifications/notifications-service');
      await notificationsService.notify(tx, [
        { userId: me.user.id, event: 'order_received', params: same('A', 'a') },
        { userId: me.user.id, event: 'order_dispatched', params: same('B', 'b') },
        { userId: me.user.id, event: 'news', params: same('C', 'c') },
      ]);
    });
    const user = (await call('GET', '/auth/user', { token: me.token })).json.data;
    expect(user.notifications.orders.unread).toBe(2);
    expect(user.notifications.news.unread).toBe(1);
    expect(user.notifications.orders.data[0]).toMatchObject({ title: 'B', read: false, new: true });
    const res = await call('POST', '/notifications/read', { token: me.token, body: { type: 'orders' } });
    expect(res.status).toBe(200);
    expect(res.json.data.orders.unread).toBe(0);
    expect(res.json.data.orders.data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(res.json.data.news.unread).toBe(1);
    const all = await call('POST', '/notifications/read', { token: me.token });
    expect(all.status, all.body).toBe(200);
    expect(all.json.data.news.unread).toBe(0);
    // another customer's notifications are untouched by my read call
    const other = await registerCustomer(ctx);
    await ctx.app.db.transaction(async (tx) => {
      const { notificationsService } = await import('../src/modules/notifications/notifications-service');
      await notificationsService.notify(tx, [{ userId: other.user.id, event: 'system', params: same('S', 's') }]);
    });
    await call('POST', '/notifications/read', { token: me.token, body: {} });
    expect((await call('GET', '/auth/user', { token: other.token })).json.data.notifications.system.unread).toBe(1);
    expect((await call('POST', '/notifications/read', { token: me.token, body: { type: 'spam' } })).status).toBe(422);
    expect((await call('POST', '/notifications/read', {})).status).toBe(401);
  });
});
