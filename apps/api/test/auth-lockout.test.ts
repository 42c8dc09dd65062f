import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, newPhone, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const ipOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
/** Ends the number's current wait, as if it had passed. */
async function endWait(phone: string) {
  await ctx.database.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second' where phone_number = ${phone}`);
}
async function wait(phone: string): Promise<number> {
  const rows = await ctx.database.db.execute(
    sql`select extract(epoch from (locked_until - now()))::float as s from login_throttle where phone_number = ${phone}`,
  );
  return (rows as unknown as { rows: { s: number }[] }).rows[0]!.s;
}

describe('per-number sign-in limit', () => {
  it('checks at most 5 of 60 simultaneous wrong passwords from 60 addresses, then makes the number wait', async () => {
    const me = await registerCustomer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call('POST', '/auth/login', { body: { phone_number: me.phone, password: `Wrong-guess-${i}` }, ip: ipOf(i), lang: 'en' }),
      ),
    );
    expect(answers.filter((a) => a.json.code === 'invalid_credentials').length).toBeLessThanOrEqual(5);
    const locked = answers.filter((a) => a.status === 429);
    expect(locked.length).toBeGreaterThanOrEqual(55);
    expect(locked[0]!.json.code).toBe('login_locked');
    expect(Number(locked[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked[0]!.json.message).toMatch(/Try again in \d+\u00a0(seconds?|minutes?|hours?) or reset your password/);
    // the right password waits too …
    const right = await call('POST', '/auth/login', { body: { phone_number: me.phone, password: me.password }, lang: 'kk' });
    expect(right.status).toBe(429);
    expect(right.json.message).toContain('құпиясөзді қалпына келтіріңіз');
    // … until the wait ends on its own; a right password then clears the count
    await endWait(me.phone);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: me.password } })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Wrong-again-1' } })).status).toBe(401);
    }
  });

  it('makes each later wait longer, up to 15 minutes', async () => {
    const me = await registerCustomer(ctx);
    for (let i = 0; i < 5; i++) await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Wrong-guess-x' } });
    const first = await wait(me.phone);
    expect(first).toBeGreaterThan(25);
    expect(first).toBeLessThanOrEqual(30);
    await endWait(me.phone);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Wrong-guess-y' } })).status).toBe(401);
    const second = await wait(me.phone);
    expect(second).toBeGreaterThan(55);
    for (let i = 0; i < 8; i++) {
      await endWait(me.phone);
      await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Wrong-guess-z' } });
    }
    expect(await wait(me.phone)).toBeLessThanOrEqual(15 * 60);
    expect(await wait(me.phone)).toBeGreaterThan(14 * 60);
  });

  it('is lifted by a password reset', async () => {
    const me = await registerCustomer(ctx);
    for (let i = 0; i < 6; i++) await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Wrong-guess-r' } });
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: me.password } })).status).toBe(429);
    await call('POST', '/auth/send-code/forgot', { body: { phone_number: me.phone }, ip: ipOf(900) });
    const verified = await call('POST', '/auth/verify-code', {
      body: { phone_number: me.phone, code: ctx.sms.lastCode(me.phone), type: 'forgot' },
    });
    const reset = await call('POST', '/auth/update-password', {
      body: {
        phone_number: me.phone,
        verification_token: verified.json.data.verification_token,
        password: 'Quiet-River-77',
        password_confirmation: 'Quiet-River-77',
      },
    });
    expect(reset.status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { phone_number: me.phone, password: 'Quiet-River-77' } })).status).toBe(200);
  });

  it('treats a number without an account the same way (a wait reveals nothing)', async () => {
    const phone = newPhone();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await call('POST', '/auth/login', { body: { phone_number: phone, password: 'Wrong-guess-u' } })).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
