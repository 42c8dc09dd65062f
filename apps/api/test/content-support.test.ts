import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMIT_PER_ADDRESS, SUPPORT_LIMIT_PER_USER } from '@portal/contract';
import { supportRequests } from '../src/db/schema';
import { client, createTestApp, login, DEMO, registerCustomer, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

let ipCounter = 0;
/** A client address no other test uses. */
const freshIp = () => `10.44.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const valid = { category: 'delivery', message: 'Моя посылка YT2345678901234 не приходит уже 20 дней', contact: '+7 701 555 12 34' };

async function stored(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(supportRequests);
  return Number(row?.n ?? 0);
}

describe('POST supports: storing', () => {
  it('stores an anonymous request whole and answers 201 with a receipt in the request language', async () => {
    const ip = freshIp();
    const res = await call('POST', '/supports', { body: { ...valid, name: '  Асем  ' }, lang: 'en', ip });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ category: 'delivery' });
    expect(res.json.data.message).toContain(`No. ${res.json.data.id}`);
    const [row] = await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.id, res.json.data.id));
    expect(row).toMatchObject({
      userId: null,
      category: 'delivery',
      message: valid.message,
      contact: '+77015551234',
      name: 'Асем',
      language: 'en',
      ip,
      status: 'new',
    });
  });

  it('records who sent it when signed in, and stores e-mail contacts lower-cased', async () => {
    const { token, user } = await login(ctx.app, DEMO.customer);
    const res = await call('POST', '/supports', {
      body: { category: 'account', message: 'Не могу сменить филиал в профиле', contact: 'Aigerim@Example.KZ' },
      token,
      lang: 'kk',
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.json.data.message).toContain('Рақмет');
    const [row] = await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.id, res.json.data.id));
    expect(row).toMatchObject({ userId: user.id, contact: 'aigerim@example.kz', name: null, language: 'kk' });
  });

  it('treats a bad token as an anonymous sender rather than refusing the request', async () => {
    const res = await call('POST', '/supports', { body: valid, token: 'not-a-token', ip: freshIp() });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(supportRequests).where(eq(supportRequests.id, res.json.data.id));
    expect(row!.userId).toBeNull();
  });
});

describe('POST supports: validation stores nothing', () => {
  const cases: { name: string; body: unknown; field: string; message: string }[] = [
    {
      name: 'missing category',
      body: { message: valid.message, contact: valid.contact },
      field: 'category',
      message: 'This field is required',
    },
    { name: 'unknown category', body: { ...valid, category: 'refund-now' }, field: 'category', message: 'Invalid value' },
    { name: 'missing message', body: { category: 'order', contact: valid.contact }, field: 'message', message: 'This field is required' },
    { name: 'blank message', body: { ...valid, message: '    ' }, field: 'message', message: 'This field is required' },
    {
      name: 'short message',
      body: { ...valid, message: 'help' },
      field: 'message',
      message: 'Describe your question in at least 10 characters',
    },
    { name: 'overlong message', body: { ...valid, message: 'x'.repeat(2001) }, field: 'message', message: 'The value is too long' },
    {
      name: 'NUL in message',
      body: { ...valid, message: 'hello there\u0000world' },
      field: 'message',
      message: 'The text contains characters that are not allowed',
    },
    { name: 'message of wrong type', body: { ...valid, message: 12345678901 }, field: 'message', message: 'Invalid value' },
    { name: 'null contact', body: { ...valid, contact: null }, field: 'contact', message: 'This field is required' },
    { name: 'missing contact', body: { category: 'order', message: valid.message }, field: 'contact', message: 'This field is required' },
    {
      name: 'contact neither phone nor e-mail',
      body: { ...valid, contact: 'call me maybe' },
      field: 'contact',
      message: 'Enter a phone number or an e-mail',
    },
    {
      name: 'overlong contact',
      body: { ...valid, contact: `${'a'.repeat(100)}@x.kz` },
      field: 'contact',
      message: 'The value is too long',
    },
    { name: 'overlong name', body: { ...valid, name: 'N'.repeat(101) }, field: 'name', message: 'The value is too long' },
    { name: 'unknown field', body: { ...valid, priority: 'urgent' }, field: 'priority', message: 'Unknown field' },
  ];

  for (const c of cases) {
    it(`422 for ${c.name}`, async () => {
      const before = await stored();
      const res = await call('POST', '/supports', { body: c.body, lang: 'en', ip: freshIp() });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.errors[c.field]).toContain(c.message);
      expect(await stored()).toBe(before);
    });
  }

  it('names every bad field at once, in the request language', async () => {
    const before = await stored();
    const res = await call('POST', '/supports', { body: { category: 'x', message: 'short', contact: 'nope' }, lang: 'ru', ip: freshIp() });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Проверьте отмеченные поля');
    expect(Object.keys(res.json.errors).sort()).toEqual(['category', 'contact', 'message']);
    expect(res.json.errors.contact).toEqual(['Укажите номер телефона или e-mail']);
    expect(await stored()).toBe(before);
  });

  it('refuses a huge body with 413, broken JSON with 400 and no body with 422, storing nothing', async () => {
    const before = await stored();
    const huge = await call('POST', '/supports', { body: { ...valid, message: 'я'.repeat(300_000) }, ip: freshIp() });
    expect(huge.status).toBe(413);
    const broken = await call('POST', '/supports', {
      rawBody: '{"category":',
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(broken.status).toBe(400);
    const empty = await call('POST', '/supports', { ip: freshIp() });
    expect(empty.status).toBe(422);
    expect(await stored()).toBe(before);
  });
});

describe('POST supports: rate limits', () => {
  it(`allows ${SUPPORT_LIMIT_PER_ADDRESS} requests per client address per hour, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SUPPORT_LIMIT_PER_ADDRESS; i++) {
      expect((await call('POST', '/supports', { body: valid, ip })).status).toBe(201);
    }
    const before = await stored();
    const refused = await call('POST', '/supports', { body: valid, lang: 'en', ip });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('too_many_requests');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(refused.json.retry_after).toBe(retry);
    expect(refused.json.message).toMatch(/^Too many requests\. Try again in \d+\u00a0(minutes?|hours?|seconds?)$/);
    expect(await stored()).toBe(before);
    // Another address is not affected.
    expect((await call('POST', '/supports', { body: valid, ip: freshIp() })).status).toBe(201);
  });

  it(`allows ${SUPPORT_LIMIT_PER_USER} requests per signed-in user per hour, whatever the address`, async () => {
    const { token } = await registerCustomer(ctx);
    for (let i = 0; i < SUPPORT_LIMIT_PER_USER; i++) {
      expect((await call('POST', '/supports', { body: valid, token, ip: freshIp() })).status).toBe(201);
    }
    const before = await stored();
    const refused = await call('POST', '/supports', { body: valid, token, ip: freshIp() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    // Another user is not affected.
    const other = await registerCustomer(ctx);
    expect((await call('POST', '/supports', { body: valid, token: other.token, ip: freshIp() })).status).toBe(201);
  });

  it('counts only the last hour', async () => {
    const ip = freshIp();
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    await ctx.database.db.insert(supportRequests).values(
      Array.from({ length: SUPPORT_LIMIT_PER_ADDRESS }, () => ({
        category: 'other',
        message: 'old request text',
        contact: '+77015551234',
        ip,
        createdAt: old,
      })),
    );
    expect((await call('POST', '/supports', { body: valid, ip })).status).toBe(201);
  });

  it('holds the limit under concurrent requests from one address', async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: SUPPORT_LIMIT_PER_ADDRESS + 4 }, () => call('POST', '/supports', { body: valid, ip })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(SUPPORT_LIMIT_PER_ADDRESS);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    const [row] = await ctx.database.db.select({ n: count() }).from(supportRequests).where(eq(supportRequests.ip, ip));
    expect(Number(row!.n)).toBe(SUPPORT_LIMIT_PER_ADDRESS);
  });
});
