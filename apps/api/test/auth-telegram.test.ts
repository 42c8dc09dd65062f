import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FakeTelegram } from '../../../tools/fakes/telegram-bot-api.mjs';
import { notificationChannels } from '../src/db/schema';
import { verifySignedData } from '../src/modules/auth/telegram-init-data';
import { client, createTestApp, newPhone, registerCustomer, type TestContext } from './helpers';

/**
 * Issue 34: the Mini App signs in with Telegram's signature. initData and contacts here are signed with the test
 * bot's token exactly as Telegram documents it; each check is seen failing when its part of verifySignedData is
 * taken out (signature, age, single use).
 */
const TOKEN = '123456789:AAE_fake-bot-token-for-mini-app_x';
const fake = new FakeTelegram({ token: TOKEN });
let ctx: TestContext;
let call: ReturnType<typeof client>;
let tgId = 5_000_000;

function sign(fields: Record<string, string>, token = TOKEN): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
const now = () => String(Math.floor(Date.now() / 1000));
const initData = (id: number, authDate = now(), extra: Record<string, string> = {}) =>
  sign({ auth_date: authDate, query_id: `AAH${id}`, user: JSON.stringify({ id, first_name: 'Aru', language_code: 'kk' }), ...extra });
const contact = (id: number, phone: string, authDate = now()) =>
  sign({
    auth_date: authDate,
    contact: JSON.stringify({ user_id: id, phone_number: phone.replace('+', ''), first_name: 'Aru', last_name: 'Sain' }),
  });

beforeAll(async () => {
  await fake.start();
  ctx = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: fake.url, PUBLIC_URL: 'https://cargo.example.kz' } });
  call = client(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

describe('POST auth/telegram', () => {
  it('signs in the account a Telegram user linked, as auth/login answers; refuses the same initData twice', async () => {
    const customer = await registerCustomer(ctx);
    const id = ++tgId;
    await ctx.app.db.insert(notificationChannels).values({ userId: customer.user.id, channel: 'telegram', address: String(id) });
    const data = initData(id);
    const res = await call('POST', '/auth/telegram', { body: { init_data: data } });
    expect(res.status).toBe(200);
    expect(res.json.data.user.id).toBe(customer.user.id);
    const me = await call('GET', '/auth/user', { token: res.json.data.access.token });
    expect(me.status).toBe(200);
    const again = await call('POST', '/auth/telegram', { body: { init_data: data }, lang: 'en' });
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('telegram_data_reused');
  });

  it('refuses tampered, forged, stale and malformed data with 401 in the caller’s language', async () => {
    const id = ++tgId;
    const good = initData(id);
    const tampered = good.replace(encodeURIComponent(`"id":${id}`), encodeURIComponent(`"id":${id + 1}`));
    expect(tampered).not.toBe(good);
    for (const [init_data, code] of [
      [tampered, 'telegram_signature_invalid'],
      [initData(id, now(), {}).replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`), 'telegram_signature_invalid'],
      [sign({ auth_date: now(), user: JSON.stringify({ id }) }, '987654321:AAE_another-bots-token-xxxxxx'), 'telegram_signature_invalid'],
      [initData(id, String(Math.floor(Date.now() / 1000) - 3601)), 'telegram_data_stale'],
      [initData(id, String(Math.floor(Date.now() / 1000) + 3600)), 'telegram_data_stale'],
      [`${good}&auth_date=1`, 'telegram_signature_invalid'],
      ['not-init-data', 'telegram_signature_invalid'],
    ] as const) {
      const res = await call('POST', '/auth/telegram', { body: { init_data }, lang: 'ru' });
      expect(res.status, init_data).toBe(401);
      expect(res.json.code).toBe(code);
      expect(res.json.message).toMatch(/[А-Яа-я]/);
    }
    const huge = await call('POST', '/auth/telegram', { body: { init_data: 'x'.repeat(5000) } });
    expect(huge.status).toBe(422);
  });

  it('answers an unlinked Telegram user 404 telegram_not_linked without spending the data', async () => {
    const data = initData(++tgId);
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', '/auth/telegram', { body: { init_data: data } });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('telegram_not_linked');
    }
  });

  it('a burst of the same initData signs in once', async () => {
    const customer = await registerCustomer(ctx);
    const id = ++tgId;
    await ctx.app.db.insert(notificationChannels).values({ userId: customer.user.id, channel: 'telegram', address: String(id) });
    const data = initData(id);
    const all = await Promise.all(Array.from({ length: 12 }, () => call('POST', '/auth/telegram', { body: { init_data: data } })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 401 && r.json.code === 'telegram_data_reused')).toHaveLength(11);
  });
});

describe('POST auth/telegram/contact', () => {
  it('links the account with the shared phone, tells its owner by SMS and signs in; then initData alone signs in', async () => {
    const customer = await registerCustomer(ctx, {}, { lang: 'kk' });
    const id = ++tgId;
    const res = await call('POST', '/auth/telegram/contact', { body: { contact: contact(id, customer.phone) } });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe('signed_in');
    expect(res.json.data.user.id).toBe(customer.user.id);
    const notice = ctx.sms.sent.filter((m) => m.to === customer.phone && m.purpose === 'telegram_linked');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toMatch(/Telegram-ға байланды/);
    const signIn = await call('POST', '/auth/telegram', { body: { init_data: initData(id) } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.data.user.id).toBe(customer.user.id);
  });

  it('a phone of no account goes on to registration without a code, and the new account is that Telegram user’s', async () => {
    const phone = newPhone();
    const id = ++tgId;
    const res = await call('POST', '/auth/telegram/contact', { body: { contact: contact(id, phone) } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'register', phone_number: phone, first_name: 'Aru', last_name: 'Sain' });
    const branchId = (await call('GET', '/country/1/branches')).json.data[0].id;
    const reg = await call('POST', '/auth/register', {
      lang: 'kk',
      body: {
        phone_number: phone,
        verification_token: res.json.data.verification_token,
        password: 'Steppe-Fox-42',
        password_confirmation: 'Steppe-Fox-42',
        first_name: 'Aru',
        last_name: 'Sain',
        branch_id: branchId,
        gender: 'female',
        date_of_birth: '1996-03-02',
      },
    });
    expect(reg.status).toBe(200);
    expect(ctx.sms.sent.some((m) => m.to === phone)).toBe(false); // no code was needed
    const [linked] = await ctx.app.db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.address, String(id)));
    expect(linked?.userId).toBe(reg.json.data.user.id);
    const signIn = await call('POST', '/auth/telegram', { body: { init_data: initData(id) } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.data.user.language).toBe('kk');
  });

  it('refuses a forged or reused contact and a phone no account can have', async () => {
    const id = ++tgId;
    const forged = contact(id, newPhone()).replace(/hash=[0-9a-f]{4}/, 'hash=ffff');
    expect((await call('POST', '/auth/telegram/contact', { body: { contact: forged } })).json.code).toBe('telegram_signature_invalid');
    const once = contact(id, newPhone());
    expect((await call('POST', '/auth/telegram/contact', { body: { contact: once } })).status).toBe(200);
    expect((await call('POST', '/auth/telegram/contact', { body: { contact: once } })).json.code).toBe('telegram_data_reused');
    const foreign = await call('POST', '/auth/telegram/contact', { body: { contact: contact(id, '+12') } });
    expect(foreign.status).toBe(422);
    expect(foreign.json.code).toBe('telegram_phone_unsupported');
  });
});

describe('Telegram Web', () => {
  it('may frame the portal (its Mini Apps are frames there) when a bot is set; nobody may without one', async () => {
    const res = await call('GET', '/settings');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' https://web.telegram.org");
    const bare = await createTestApp();
    try {
      const plain = await client(bare.app)('GET', '/settings');
      expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await bare.close();
    }
  });
});

describe('without a bot token', () => {
  it('answers telegram_unavailable, and the check itself refuses to run with an empty token', async () => {
    const bare = await createTestApp();
    try {
      const res = await client(bare.app)('POST', '/auth/telegram', { body: { init_data: initData(++tgId) } });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('telegram_unavailable');
    } finally {
      await bare.close();
    }
    expect(() => verifySignedData(sign({ auth_date: now() }, ''), '', { maxAgeSeconds: 3600 })).toThrow(/bot token/);
  });
});
