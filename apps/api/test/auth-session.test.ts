import { sql } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DEMO, login, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk.toString()));
  ctx = await createTestApp({ logStream: stream, env: { LOG_LEVEL: 'trace' } });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

async function ageRotation(seconds: number) {
  await ctx.database.db.execute(
    sql`update sessions set rotated_at = rotated_at - make_interval(secs => ${seconds}) where rotated_at is not null`,
  );
}

describe('register', () => {
  it('creates an account with a unique client code and signs in', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    expect(a.user.client_code).toMatch(/^KZ-\d{5,}$/);
    expect(b.user.client_code).not.toBe(a.user.client_code);
    expect(a.user.role).toBe('customer');
    expect(a.user.notifications).toHaveProperty('orders');
    const me = await call('GET', '/auth/user', { token: a.token });
    expect(me.json.data.phone_number).toBe(a.phone);
    expect(me.json.data).not.toHaveProperty('password_hash');
  });

  it('gives Kyrgyz branches KG client codes', async () => {
    const kg = await call('GET', '/country/2/branches');
    const res = await registerCustomer(ctx, { branch_id: kg.json.data[0].id });
    expect(res.user.client_code).toMatch(/^KG-\d+$/);
  });

  it('refuses a reused verification token and leaves no half-made account', async () => {
    const phone = newPhone();
    await call('POST', '/auth/send-code', { body: { phone_number: phone } });
    const v = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: ctx.sms.lastCode(phone), type: 'register' } });
    const token = v.json.data.verification_token;
    const body = {
      phone_number: phone,
      verification_token: token,
      password: 'Steppe-Fox-42',
      password_confirmation: 'Steppe-Fox-42',
      first_name: 'A',
      last_name: 'B',
      branch_id: 99999,
      gender: 'female',
      date_of_birth: '1990-01-01',
    };
    // A bad branch fails the whole write: the token is not spent, no user exists.
    const bad = await call('POST', '/auth/register', { body, lang: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.branch_id).toBeDefined();
    const users = await ctx.database.db.execute(sql`select count(*)::int as n from users where phone_number = ${phone}`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const ok = await call('POST', '/auth/register', { body: { ...body, branch_id: 1 } });
    expect(ok.status).toBe(200);
    const again = await call('POST', '/auth/register', { body: { ...body, branch_id: 1 }, lang: 'en' });
    expect(again.status).toBe(422);
    expect(again.json.code).toBe('verification_token_invalid');
  });

  it('refuses a verification token once its 15 minutes are over, and takes one a moment before', async () => {
    const verified = async () => {
      const phone = newPhone();
      await call('POST', '/auth/send-code', { body: { phone_number: phone } });
      const v = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: ctx.sms.lastCode(phone), type: 'register' } });
      return { phone, token: v.json.data.verification_token as string };
    };
    /** The token row as it would be `seconds` later (created and expiry moved back together). */
    const age = (phone: string, seconds: number) =>
      ctx.database.db.execute(
        sql`update verification_tokens set created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds}) where phone_number = ${phone}`,
      );
    const body = (phone: string, token: string) => ({
      phone_number: phone,
      verification_token: token,
      password: 'Steppe-Fox-42',
      password_confirmation: 'Steppe-Fox-42',
      first_name: 'A',
      last_name: 'B',
      branch_id: 1,
      gender: 'female',
      date_of_birth: '1990-01-01',
    });
    const late = await verified();
    const life = await ctx.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::int as s from verification_tokens where phone_number = ${late.phone}`,
    );
    expect((life as unknown as { rows: { s: number }[] }).rows[0]!.s).toBe(15 * 60);
    await age(late.phone, 15 * 60 + 5);
    const refused = await call('POST', '/auth/register', { body: body(late.phone, late.token), lang: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('verification_token_invalid');
    const users = await ctx.database.db.execute(sql`select count(*)::int as n from users where phone_number = ${late.phone}`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const inTime = await verified();
    await age(inTime.phone, 15 * 60 - 30);
    expect((await call('POST', '/auth/register', { body: body(inTime.phone, inTime.token) })).status).toBe(200);
  });

  it('refuses a token made for another phone or purpose', async () => {
    const phone = newPhone();
    await call('POST', '/auth/send-code', { body: { phone_number: phone } });
    const v = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: ctx.sms.lastCode(phone), type: 'register' } });
    const res = await call('POST', '/auth/register', {
      body: {
        phone_number: newPhone(),
        verification_token: v.json.data.verification_token,
        password: 'Steppe-Fox-42',
        password_confirmation: 'Steppe-Fox-42',
        first_name: 'A',
        last_name: 'B',
        branch_id: 1,
        gender: 'male',
        date_of_birth: '1990-01-01',
      },
    });
    expect(res.status).toBe(422);
    const reset = await call('POST', '/auth/update-password', {
      body: {
        phone_number: phone,
        verification_token: v.json.data.verification_token,
        password: 'Steppe-Fox-42',
        password_confirmation: 'Steppe-Fox-42',
      },
    });
    expect(reset.status).toBe(422);
  });

  it('validates every field with the spec messages in three languages', async () => {
    const en = await call('POST', '/auth/register', { body: { password: '123', password_confirmation: '1234' }, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.json.errors.phone_number).toEqual(['Enter phone number']);
    expect(en.json.errors.password).toEqual(['Password must be at least 6 characters']);
    expect(en.json.errors.first_name).toEqual(['This field is required']);
    const ru = await call('POST', '/auth/register', { body: { password: '', password_confirmation: '' }, lang: 'ru-RU,ru;q=0.9' });
    expect(ru.json.errors.password).toEqual(['Введите пароль']);
    const kk = await call('POST', '/auth/register', { body: {}, lang: 'kk' });
    expect(kk.json.errors.phone_number).toEqual(['Телефон нөмірін енгізіңіз']);
    const unknownLang = await call('POST', '/auth/register', { body: {}, lang: 'de' });
    expect(unknownLang.json.errors.phone_number).toEqual(['Введите номер телефона']);
  });

  it('wants matching passwords and refuses the most common ones', async () => {
    const mismatch = await call('POST', '/auth/register', {
      body: {
        phone_number: newPhone(),
        verification_token: 'x',
        password: 'Steppe-Fox-42',
        password_confirmation: 'Steppe-Fox-43',
        first_name: 'A',
        last_name: 'B',
        branch_id: 1,
        gender: 'male',
        date_of_birth: '1990-01-01',
      },
      lang: 'en',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors.password_confirmation).toEqual(['Passwords must match']);
    for (const common of ['123456', 'password', 'qwerty123', 'iloveyou']) {
      const res = await call('POST', '/auth/register', {
        body: {
          phone_number: newPhone(),
          verification_token: 'x',
          password: common,
          password_confirmation: common,
          first_name: 'A',
          last_name: 'B',
          branch_id: 1,
          gender: 'male',
          date_of_birth: '1990-01-01',
        },
        lang: 'en',
      });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.errors.password[0]).toMatch(/too common/);
    }
  });

  it('refuses guessable patterns and the phone number with the reason, in register and reset, in three languages', async () => {
    const phone = '+77051234567';
    const cases: [string, string, RegExp][] = [
      ['abcabc', 'en', /repeats itself \(like aaaaaa or abcabc\)/],
      ['abcabc', 'kk', /өзін-өзі қайталайды/],
      ['aaaaaa', 'en', /repeats itself/],
      ['77777777', 'ru', /повторяет сам себя/],
      ['abcdefgh', 'ru', /последовательность/],
      ['zxcvbnm,./', 'en', /row of keys/],
      ['19.05.1990', 'kk', /күн немесе жыл/],
      ['7051234567', 'kk', /телефон нөміріңіз/],
      ['87051234567', 'en', /your phone number/],
      ['+7 705 123 45 67', 'en', /your phone number/],
      ['1234567', 'en', /your phone number/],
    ];
    for (const [password, lang, message] of cases) {
      const register = await call('POST', '/auth/register', {
        body: {
          phone_number: phone,
          verification_token: 'x',
          password,
          password_confirmation: password,
          first_name: 'A',
          last_name: 'B',
          branch_id: 1,
          gender: 'male',
          date_of_birth: '1990-01-01',
        },
        lang,
      });
      expect(register.status, password).toBe(422);
      expect(register.json.errors.password[0]).toMatch(message);
      const reset = await call('POST', '/auth/update-password', {
        body: { phone_number: phone, verification_token: 'x', password, password_confirmation: password },
        lang,
      });
      expect(reset.status).toBe(422);
      expect(reset.json.errors.password[0]).toMatch(message);
    }
    // a strong password with digits of someone else's number is fine as far as this rule goes
    const other = await call('POST', '/auth/update-password', {
      body: { phone_number: phone, verification_token: 'x', password: 'Aral-Sea-1961', password_confirmation: 'Aral-Sea-1961' },
    });
    expect(other.json.code).toBe('verification_token_invalid');
  });

  it('rejects unknown fields, bad dates and genders', async () => {
    const res = await call('POST', '/auth/register', {
      body: { is_admin: true, role: 'admin', gender: 'other', date_of_birth: '2999-01-01' },
      lang: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.is_admin).toEqual(['Unknown field']);
    expect(res.json.errors.role).toEqual(['Unknown field']);
    expect(res.json.errors.date_of_birth).toEqual(['Enter a valid date']);
    expect(res.json.errors.gender).toBeDefined();
  });
});

describe('login', () => {
  it('signs in with any common way of writing the number', async () => {
    for (const phone of ['+77010000001', '87010000001', '+7 (701) 000-00-01', '7010000001']) {
      const res = await call('POST', '/auth/login', { body: { phone_number: phone, password: DEMO.password } });
      expect(res.status, phone).toBe(200);
      expect(res.json.data.access.token).toBeTruthy();
      expect(res.json.data.user.phone_number).toBe('+77010000001');
    }
  });

  it('answers a wrong password and an unknown number alike', async () => {
    const wrong = await call('POST', '/auth/login', { body: { phone_number: DEMO.customer, password: 'not-the-password' }, lang: 'en' });
    const unknown = await call('POST', '/auth/login', { body: { phone_number: newPhone(), password: 'not-the-password' }, lang: 'en' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('costs the same time for an unknown number as for a wrong password (a real argon2 verification)', async () => {
    const time = async (phone: string) => {
      // Each sample is a first try: the per-number sign-in limit (auth-lockout.test.ts) stays out of the measure.
      await ctx.database.db.execute(sql`delete from login_throttle`);
      const t = performance.now();
      await call('POST', '/auth/login', { body: { phone_number: phone, password: 'not-the-password' } });
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      wrong.push(await time(DEMO.customer));
      unknown.push(await time(newPhone()));
    }
    const ratio = median(unknown) / median(wrong);
    // Without the dummy verification an unknown number answers ~50× faster; with it, within noise.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('tokens', () => {
  it('signs with HS256 only and refuses alg=none or a tampered signature', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await call('GET', '/auth/user', { token: none })).status).toBe(401);
    const tampered = `${token.slice(0, -3)}${token.endsWith('A') ? 'B' : 'A'}xx`;
    expect((await call('GET', '/auth/user', { token: tampered })).status).toBe(401);
    expect((await call('GET', '/auth/user')).status).toBe(401);
    expect((await call('GET', '/auth/user', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('is short-lived: 15 minutes', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });
});

describe('refresh', () => {
  it('rotates the token: the new one works, the old one is revoked after the grace', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const res = await call('POST', '/auth/refresh', { token });
    expect(res.status).toBe(200);
    const next = res.json.data.token as string;
    expect(next).not.toBe(token);
    expect((await call('GET', '/auth/user', { token: next })).status).toBe(200);
    await ageRotation(11);
    expect((await call('GET', '/auth/user', { token })).status).toBe(401);
  });

  it('gives a repeat within a few seconds the same successor (two tabs)', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const [a, b] = await Promise.all([call('POST', '/auth/refresh', { token }), call('POST', '/auth/refresh', { token })]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.data.token).toBe(a.json.data.token);
    const c = await call('POST', '/auth/refresh', { token });
    expect(c.json.data.token).toBe(a.json.data.token);
  });

  it('ends the session when a rotated-away token is reused later', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const next = (await call('POST', '/auth/refresh', { token })).json.data.token as string;
    await ageRotation(30);
    const reuse = await call('POST', '/auth/refresh', { token });
    expect(reuse.status).toBe(401);
    // the thief's replay also kills the legitimate successor
    expect((await call('GET', '/auth/user', { token: next })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { token: next })).status).toBe(401);
  });

  it('accepts an expired token within the refresh window, but not a garbage one', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    // Sign an expired token for the same session with the app's own key.
    const expired = await ctx.app.tokens.sign({
      userId: Number(claims.sub),
      sessionId: claims.sid,
      jti: claims.jti,
      iat: claims.iat - 3600,
    });
    await ctx.database.db.execute(sql`update sessions set current_issued_at = ${claims.iat - 3600} where id = ${claims.sid}`);
    const me = await call('GET', '/auth/user', { token: expired, lang: 'en' });
    expect(me.status).toBe(401);
    expect(me.json.code).toBe('token_expired');
    const res = await call('POST', '/auth/refresh', { token: expired });
    expect(res.status).toBe(200);
    expect((await call('POST', '/auth/refresh', { token: 'garbage' })).status).toBe(401);
    expect((await call('POST', '/auth/refresh')).status).toBe(401);
  });
});

describe('session lifetime', () => {
  /** Moves the session of this token back in time, as if it had been started `days` ago. */
  async function ageSession(token: string, days: number) {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await ctx.database.db.execute(sql`update sessions set created_at = now() - make_interval(days => ${days}) where id = ${claims.sid}`);
  }

  it('refreshes a session up to 60 days old, and ends one past 60 days however often it was refreshed', async () => {
    const young = (await login(ctx.app, DEMO.customer)).token;
    await ageSession(young, 59);
    const kept = await call('POST', '/auth/refresh', { token: young });
    expect(kept.status).toBe(200);

    const old = (await login(ctx.app, DEMO.customer)).token;
    await ageSession(old, 61);
    // Its access token is still fresh (it was refreshed a minute ago), but the session itself is over.
    const refused = await call('POST', '/auth/refresh', { token: old, lang: 'en' });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('token_expired');
    expect((await call('GET', '/auth/user', { token: old })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { token: old })).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    expect((await call('POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call('GET', '/auth/user', { token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { token })).status).toBe(401);
  });

  it('accepts an empty JSON body', async () => {
    const { token } = await login(ctx.app, DEMO.customer);
    const res = await call('POST', '/auth/logout', { token, rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
  });
});

describe('logs', () => {
  it('never carry a code, token, verification token or password', async () => {
    const before = ctx.sms.sent.length;
    const reg = await registerCustomer(ctx);
    await call('POST', '/auth/refresh', { token: reg.token });
    await call('POST', '/auth/login', { body: { phone_number: reg.phone, password: reg.password } });
    const codes = ctx.sms.sent.slice(before).map((m) => m.code!);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/auth/register');
    // A code is six digits: look for it as a number of its own, not inside a timestamp, a timing or a request id.
    for (const code of codes) expect(logs).not.toMatch(new RegExp(`(?<![\\w.-])${code}(?!\\w)`));
    expect(logs).not.toContain(reg.token);
    expect(logs).not.toContain(reg.password);
    expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });
});
