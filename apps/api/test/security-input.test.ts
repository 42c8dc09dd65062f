import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

describe('control characters', () => {
  it('are refused in every text field of a request with 422 per field, in the request language, never 500', async () => {
    const me = await registerCustomer(ctx);
    const staff = (await login(ctx.app, DEMO.admin)).token;
    const saved = await call('POST', '/save-track', { token: me.token, body: { track_code: 'NUL12345678', name: 'Shoes' } });
    expect(saved.status).toBe(200);
    const nul = '\u0000';
    const cases: [string, string, { body?: unknown; token?: string }, string][] = [
      ['GET', `/faqs?search=${encodeURIComponent(`a${nul}b`)}`, {}, 'search'],
      ['POST', '/auth/user/update', { token: me.token, body: { first_name: `Ali${nul}` } }, 'first_name'],
      ['POST', '/save-track', { token: me.token, body: { track_code: 'NUL87654321', name: `x${nul}` } }, 'name'],
      ['POST', '/auth/login', { body: { phone_number: DEMO.customer, password: `pass${nul}word` } }, 'password'],
      ['POST', '/auth/send-code', { body: { phone_number: `+7701${nul}0000001` } }, 'phone_number'],
      ['GET', `/manage/customers?q=${encodeURIComponent(`Ali${nul}`)}`, { token: staff }, 'q'],
      ['GET', `/manage/parcel?track_code=${encodeURIComponent(`AB${nul}123456`)}`, { token: staff }, 'track_code'],
      [
        'POST',
        '/supports',
        { body: { name: 'A', contact: '+77010000001', category: 'other', message: `Bell \u0007 in the message text` } },
        'message',
      ],
    ];
    for (const [method, url, opts, field] of cases) {
      const res = await call(method as 'GET', url, { ...opts, lang: 'en' });
      expect(res.status, `${method} ${url}`).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.errors[field], `${method} ${url}`).toEqual(['The text contains characters that are not allowed']);
    }
    const ru = await call('POST', `/orders/1/change-name`, { token: me.token, body: { name: `a\u001bb` }, lang: 'ru' });
    expect(ru.status).toBe(422);
    expect(ru.json.errors.name).toEqual(['Текст содержит недопустимые символы']);
    // Line breaks and tabs are text, not control: a support message keeps them.
    const ok = await call('POST', '/auth/user/update', { token: me.token, body: { first_name: 'Ali' } });
    expect(ok.status).toBe(200);
  });
});

describe('tokens naming no session', () => {
  it('a validly signed token with a malformed session id answers 401, not 500', async () => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    for (const sid of ['not-a-uuid', "'; drop table sessions; --", '1', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('cargo-portal')
        .setSubject('1')
        .setJti('x')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
      const user = await call('GET', '/auth/user', { token });
      expect(user.status, sid).toBe(401);
      const refresh = await call('POST', '/auth/refresh', { token });
      expect(refresh.status, sid).toBe(401);
    }
  });
});
