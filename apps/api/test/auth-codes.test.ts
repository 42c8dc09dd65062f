import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '@portal/contract';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { IP_CAP, PHONE_CAPS } from '../src/modules/auth/codes-service';
import { client, createTestApp, DEMO, MemorySms, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

/** Moves every code of a phone back in time, as if `seconds` had passed. */
async function age(phone: string, seconds: number) {
  await ctx.database.db.execute(
    sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds}) where phone_number = ${phone}`,
  );
}
const uniqueIp = () => `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('send-code', () => {
  it('sends a 6-digit code by SMS, normalising the phone to E.164', async () => {
    const res = await call('POST', '/auth/send-code', { body: { phone_number: '8 (705) 111-22-33' }, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ resend_after: 60, expires_in: 300 });
    const sms = ctx.sms.sent.at(-1)!;
    expect(sms.to).toBe('+77051112233');
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toContain(sms.code);
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
    const code = ctx.sms.lastCode(phone);
    const rows = await ctx.database.db.execute(sql`select code_hash from verification_codes where phone_number = ${phone}`);
    const hash = (rows as unknown as { rows: { code_hash: string }[] }).rows[0]!.code_hash;
    expect(hash).not.toContain(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a resend within 60 s with 429 and Retry-After', async () => {
    const phone = newPhone();
    const ip = uniqueIp();
    expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip })).status).toBe(200);
    const again = await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip, lang: 'en' });
    expect(again.status).toBe(429);
    expect(again.json.code).toBe('code_resend_too_soon');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(again.json.message).toMatch(/^You can request a new code in (\d+\u00a0seconds?|1\u00a0minute)$/);
    await age(phone, 61);
    expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip })).status).toBe(200);
  });

  it('caps codes per phone: 3 per 15 minutes and 10 per day', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() })).status).toBe(200);
      await age(phone, 61);
    }
    const fourth = await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
    expect(fourth.status).toBe(429);
    expect(fourth.json.code).toBe('too_many_requests');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Sixteen minutes later the 15-minute window has room again, until the daily cap.
    let sent = 3;
    for (let round = 0; round < 5 && sent < 10; round++) {
      await age(phone, 16 * 60);
      for (let i = 0; i < 3 && sent < 10; i++) {
        expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() })).status).toBe(200);
        sent += 1;
        await age(phone, 61);
      }
    }
    expect(sent).toBe(10);
    await age(phone, 16 * 60);
    const overDaily = await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
    expect(overDaily.status).toBe(429);
    expect(Number(overDaily.headers['retry-after'])).toBeGreaterThan(16 * 60);
  });

  it('caps codes per client address', async () => {
    const ip = uniqueIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await call('POST', '/auth/send-code', { body: { phone_number: newPhone() }, ip })).status;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });

  it('sends one SMS for 20 simultaneous calls for one number', async () => {
    const phone = newPhone();
    const before = ctx.sms.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
    expect(ctx.sms.sent.slice(before).filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('holds the per-address cap for simultaneous calls to many numbers', async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: IP_CAP.max + 10 }, () => call('POST', '/auth/send-code', { body: { phone_number: newPhone() }, ip })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(IP_CAP.max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it('holds the caps across API processes sharing one PostgreSQL', async () => {
    if (!ctx.databaseUrl) return; // one PGlite belongs to one process
    const other = await openDatabase({ databaseUrl: ctx.databaseUrl });
    const sms = new MemorySms();
    const second = await buildApp({ config: ctx.config, database: other, sms, logger: false, authRateLimitPerMinute: 10_000 });
    try {
      const callSecond = client(second);
      const phone = newPhone();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? call : callSecond)('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect([...ctx.sms.sent, ...sms.sent].filter((m) => m.to === phone)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('answers a registered number exactly as a new one; its owner gets a notice in their own language, no code', async () => {
    const owner = await registerCustomer(ctx);
    await ctx.database.db.execute(sql`update users set language = 'kk' where id = ${owner.user.id}`);
    await age(owner.phone, 61); // past the resend wait of the code that registered it
    const free = newPhone();
    const taken = await call('POST', '/auth/send-code', { body: { phone_number: owner.phone }, ip: uniqueIp(), lang: 'en' });
    const fresh = await call('POST', '/auth/send-code', { body: { phone_number: free }, ip: uniqueIp(), lang: 'en' });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(taken.json).toEqual(fresh.json);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const notice = ctx.sms.sent.filter((s) => s.to === owner.phone).at(-1)!;
    expect(notice.code).toBeUndefined();
    expect(notice.text).not.toMatch(/\d{6}/);
    // The owner's language (kk), not the caller's (en): sign in, or reset the password.
    expect(notice.text).toMatch(/тіркелмек болды/);
    expect(notice.text).toContain('Құпиясөзді ұмыттыңыз ба?');
    expect(ctx.sms.sent.filter((s) => s.to === free).at(-1)!.code).toMatch(/^\d{6}$/);

    // The verify step fails as for any wrong code; the tries and the resend wait count alike.
    const guess = (phone: string) =>
      call('POST', '/auth/verify-code', { body: { phone_number: phone, code: '123456', type: 'register' }, lang: 'en' });
    const [g1, g2] = [await guess(owner.phone), await guess(free)];
    expect(g1.status).toBe(422);
    expect(g1.json).toEqual(g2.json);
    const again = (phone: string) => call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp(), lang: 'en' });
    const [a1, a2] = [await again(owner.phone), await again(free)];
    expect([a1.status, a1.json.code]).toEqual([429, 'code_resend_too_soon']);
    expect(a2.json).toEqual(a1.json);
  });

  it('counts a registered number against the same caps as a new one: per phone, and per address under a burst', async () => {
    const owner = await registerCustomer(ctx);
    await age(owner.phone, 24 * 3600); // the code that registered it no longer counts
    const free = newPhone();
    for (const phone of [owner.phone, free]) {
      for (let i = 0; i < PHONE_CAPS[0].max; i++) {
        expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() })).status).toBe(200);
        await age(phone, 61);
      }
      const over = await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp(), lang: 'en' });
      expect([phone === free, over.status, over.json.code]).toEqual([phone === free, 429, 'too_many_requests']);
    }
    // One address, IP_CAP.max + 5 numbers at once, a third of them registered: the cap holds, whichever they are.
    const registered = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(ctx)));
    for (const r of registered) await age(r.phone, 61);
    const phones = Array.from({ length: IP_CAP.max + 5 }, (_, i) =>
      i % 3 === 0 && registered[i / 3] ? registered[i / 3]!.phone : newPhone(),
    );
    const ip = uniqueIp();
    const answers = await Promise.all(phones.map((phone) => call('POST', '/auth/send-code', { body: { phone_number: phone }, ip })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(IP_CAP.max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect((await call('POST', '/auth/send-code', { body: { phone_number: newPhone() }, ip })).status).toBe(429);
  });

  it('takes a registered number as long as a new one (same work: the caps, a stored code, one SMS)', async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, () => registerCustomer(ctx)));
    for (const o of owners) await age(o.phone, 61);
    const timeOf = async (phone: string) => {
      const started = performance.now();
      expect((await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() })).status).toBe(200);
      return performance.now() - started;
    };
    const takenTimes: number[] = [];
    const freeTimes: number[] = [];
    for (const o of owners) {
      takenTimes.push(await timeOf(o.phone));
      freeTimes.push(await timeOf(newPhone()));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Generous bounds (a loaded machine): a refusal without the work used to answer in a fraction of the time.
    expect(median(takenTimes)).toBeLessThan(median(freeTimes) * 3 + 20);
    expect(median(freeTimes)).toBeLessThan(median(takenTimes) * 3 + 20);
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from verification_codes where phone_number = ${owners[0]!.phone}`,
    );
    expect(((rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0]!.n).toBe(2);
  });

  it('answers the forgot call the same whether or not the number has an account', async () => {
    const unknown = newPhone();
    const a = await call('POST', '/auth/send-code/forgot', { body: { phone_number: DEMO.admin }, ip: uniqueIp(), lang: 'en' });
    const b = await call('POST', '/auth/send-code/forgot', { body: { phone_number: unknown }, ip: uniqueIp(), lang: 'en' });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.json).toEqual(a.json);
    expect(ctx.sms.sent.some((m) => m.to === DEMO.admin && m.purpose === 'forgot')).toBe(true);
    expect(ctx.sms.sent.some((m) => m.to === unknown)).toBe(false);
    // and the resend cooldown applies to both alike
    const a2 = await call('POST', '/auth/send-code/forgot', { body: { phone_number: DEMO.admin }, ip: uniqueIp() });
    const b2 = await call('POST', '/auth/send-code/forgot', { body: { phone_number: unknown }, ip: uniqueIp() });
    expect([a2.status, b2.status]).toEqual([429, 429]);
  });

  it('rejects invalid phone numbers with a per-field message in the request language', async () => {
    const res = await call('POST', '/auth/send-code', { body: { phone_number: '12' }, lang: 'kk' });
    expect(res.status).toBe(422);
    expect(res.json.errors.phone_number).toEqual(['Дұрыс телефон нөмірін енгізіңіз']);
    const empty = await call('POST', '/auth/send-code', { body: { phone_number: '' }, lang: 'en' });
    expect(empty.json.errors.phone_number).toEqual(['Enter phone number']);
  });
});

describe('verify-code', () => {
  async function sendRegisterCode() {
    const phone = newPhone();
    await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
    return { phone, code: ctx.sms.lastCode(phone) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('exchanges the right code for a verification token, once', async () => {
    const { phone, code } = await sendRegisterCode();
    const ok = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'register' } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.verification_token).toMatch(/^[\w-]{40,}$/);
    const reused = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'register' }, lang: 'en' });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('code_invalid');
  });

  it('is bound to the purpose it was sent for', async () => {
    const { phone, code } = await sendRegisterCode();
    const res = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'forgot' } });
    expect(res.status).toBe(422);
  });

  it('rejects a wrong code and locks after 5 wrong tries, even for the right code', async () => {
    const { phone, code } = await sendRegisterCode();
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await call('POST', '/auth/verify-code', {
        body: { phone_number: phone, code: wrong(code), type: 'register' },
        lang: 'en',
      });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('code_invalid');
      expect(res.json.errors.code).toEqual(['Wrong code']);
    }
    const fifth = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: wrong(code), type: 'register' } });
    expect(fifth.json.code).toBe('code_attempts_exceeded');
    const right = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'register' } });
    expect(right.status).toBe(422);
    expect(right.json.code).toBe('code_attempts_exceeded');
  });

  it('rejects an expired code (after 5 minutes)', async () => {
    const { phone, code } = await sendRegisterCode();
    await age(phone, 301);
    const res = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: 'register' }, lang: 'ru' });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('code_expired');
    expect(res.json.message).toContain('истёк');
  });

  it('invalidates the earlier code when a new one is sent', async () => {
    const { phone, code: first } = await sendRegisterCode();
    await age(phone, 61);
    await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
    const second = ctx.sms.lastCode(phone);
    if (second !== first) {
      expect((await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: first, type: 'register' } })).status).toBe(422);
    }
    expect((await call('POST', '/auth/verify-code', { body: { phone_number: phone, code: second, type: 'register' } })).status).toBe(200);
  });

  it('wants the full code: "Enter the full code!"', async () => {
    const res = await call('POST', '/auth/verify-code', { body: { phone_number: newPhone(), code: '123', type: 'register' }, lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.json.errors.code).toEqual(['Enter the full code!']);
    const badType = await call('POST', '/auth/verify-code', { body: { phone_number: newPhone(), code: '123456', type: 'admin' } });
    expect(badType.status).toBe(422);
    expect(badType.json.errors.type).toBeDefined();
  });
});

describe('verify-code under a burst', () => {
  const wrongCodes = (code: string, n: number) =>
    Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

  async function codeFor(purpose: 'register' | 'forgot' | 'update_phone') {
    if (purpose === 'register') {
      const phone = newPhone();
      await call('POST', '/auth/send-code', { body: { phone_number: phone }, ip: uniqueIp() });
      return { phone, code: ctx.sms.lastCode(phone) };
    }
    const customer = await registerCustomer(ctx);
    if (purpose === 'forgot') await call('POST', '/auth/send-code/forgot', { body: { phone_number: customer.phone }, ip: uniqueIp() });
    else await call('POST', '/auth/send-code/update-phone', { token: customer.token, ip: uniqueIp() });
    return { phone: customer.phone, code: ctx.sms.lastCode(customer.phone) };
  }

  // Forty simultaneous guesses (over separate pool connections on PostgreSQL) get at most 5 comparisons,
  // for every purpose; the right code sent inside or after the burst is refused.
  for (const purpose of ['register', 'forgot', 'update_phone'] as const) {
    it(`evaluates at most ${CODE_MAX_ATTEMPTS} of 40 simultaneous guesses (${purpose})`, async () => {
      const { phone, code } = await codeFor(purpose);
      const guesses = [...wrongCodes(code, 39), code];
      const answers = await Promise.all(
        guesses.map((g) => call('POST', '/auth/verify-code', { body: { phone_number: phone, code: g, type: purpose } })),
      );
      const accepted = answers.filter((a) => a.status === 200);
      const comparedWrong = answers.filter((a) => a.json?.code === 'code_invalid');
      expect(answers.every((a) => a.status === 200 || a.status === 422)).toBe(true);
      // At most 4 wrong answers say "wrong code"; the 5th compared try answers "no tries left".
      expect(comparedWrong.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS - 1);
      const rows = await ctx.database.db.execute(
        sql`select attempts from verification_codes where phone_number = ${phone} and purpose = ${purpose} order by id desc limit 1`,
      );
      expect((rows as unknown as { rows: { attempts: number }[] }).rows[0]!.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      expect(accepted.length + comparedWrong.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      if (accepted.length === 0) {
        const after = await call('POST', '/auth/verify-code', { body: { phone_number: phone, code, type: purpose } });
        expect(after.json.code).toBe('code_attempts_exceeded');
      }
    });
  }
});
