import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@portal/contract';
import { FakeNbk } from '../../../tools/fakes/nbk-rates.mjs';
import { branches, declarationItems, declarations, exchangeRates } from '../src/db/schema';
import { dailyRates, fetchRates } from '../src/modules/duties/exchange-rates';
import { estimateDuty } from '../src/modules/duties/duties-service';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';

/** Issue 36 (ADR 087): the duty-free limit, its rules by date, the NBK rates feed and the estimate. */
let ctx: TestContext;
let call: ReturnType<typeof client>;
let tokens: RoleTokens;
let customer: { token: string; user: { id: number } };
const nbk = new FakeNbk();
const today = () => dayIn(new Date(), 'Asia/Almaty');
const dayBefore = (day: string, n = 1) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  await nbk.start();
  ctx = await createTestApp({ env: { NBK_RATES_URL: nbk.url } });
  call = client(ctx.app);
  // The demo's rates (seed/demo-duties.ts) out of the way: these tests start without any.
  await ctx.app.db.delete(exchangeRates);
  customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
});
afterAll(async () => {
  await ctx?.close();
  await nbk.stop();
});

const estimate = (body: unknown, token = customer.token, lang = 'en') => call('POST', '/customs/duty-estimate', { token, body, lang });
const usd = (cents: number, quantity = 1) => ({ quantity, unit_price: cents, currency: 'USD' });
const eur = (cents: number, quantity = 1) => ({ quantity, unit_price: cents, currency: 'EUR' });

describe('without rates', () => {
  it('the limit is today’s EAEU rule for the branch’s country, per parcel', async () => {
    const res = await call('GET', '/customs/limit', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.rule).toMatchObject({
      country_code: 'KZ',
      period: 'parcel',
      value_threshold: 20_000,
      weight_threshold_kg: 31,
      rate_bp: 1500,
      min_per_kg: 200,
      effective_from: '2020-01-01',
      effective_to: null,
    });
    expect(res.json.data).toMatchObject({ used: 0, remaining: 20_000, period_start: today(), period_end: today() });
  });
  it('an estimate with no rate says so instead of guessing (never a 500)', async () => {
    const res = await estimate({ items: [usd(50_000)] });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'rate_unavailable', value_eur: null, duty_eur: null, crosses: false });
    expect(res.json.data.rate_unavailable).toEqual(['EUR', 'USD']);
  });
  it('signed out → 401; hostile bodies → 422 in the caller’s language', async () => {
    expect((await call('POST', '/customs/duty-estimate', { body: {} })).status).toBe(401);
    for (const body of [
      { items: [{ quantity: 0, unit_price: 1, currency: 'USD' }] },
      { items: [usd(-1)] },
      { items: [{ quantity: 1, unit_price: 1, currency: 'XYZ' }] },
      { weight_kg: -1 },
      { extra: 1 },
    ]) {
      const res = await estimate(body, customer.token, 'ru');
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
  });
});

describe('the NBK feed (fake)', () => {
  it('stores the day’s rates per unit (quant handled), once a day', async () => {
    const yesterday = dayBefore(today());
    const ok = await fetchRates(ctx.app.db, nbk.url, yesterday);
    expect(ok).toMatchObject({ day: yesterday, status: 'ok', stored: 5, error: null });
    const rows = await ctx.app.db.select().from(exchangeRates).where(eq(exchangeRates.day, yesterday));
    expect(Object.fromEntries(rows.map((r) => [r.currency, [r.rate, r.quant]]))).toEqual({
      CNY: ['65.12000000', 1],
      EUR: ['512.30000000', 1],
      KGS: ['5.38000000', 10],
      RUB: ['5.95000000', 1],
      USD: ['470.51000000', 1],
    });
    expect(nbk.calls.at(-1)).toBe(`${yesterday.slice(8, 10)}.${yesterday.slice(5, 7)}.${yesterday.slice(0, 4)}`);
  });
  it('a failing feed (500, garbage, a missing currency) stores nothing, keeps yesterday’s rates and says why', async () => {
    nbk.setRates(today(), { ...nbk.defaults, USD: '999.99' });
    for (const [how, reason] of [
      ['http500', 'http_status'],
      ['garbage', 'unreadable'],
      ['missing', 'missing_currency'],
    ] as const) {
      nbk.failNext(how);
      const res = await call('POST', '/admin/exchange-rates/fetch', { token: tokens.admin });
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ day: today(), status: 'failed', stored: 0 });
      expect(res.json.data.error).toMatch(new RegExp(`^${reason}`));
    }
    const [{ n }] = (await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchangeRates)
      .where(eq(exchangeRates.day, today()))) as [{ n: number }];
    expect(n).toBe(0);
    // Estimates use yesterday's rates meanwhile, and say which day.
    const res = await estimate({ items: [usd(10_000)] });
    expect(res.json.data.status).toBe('ok');
    expect(res.json.data.rates).toContainEqual({ currency: 'USD', rate: '470.51000000', day: dayBefore(today()) });
    const list = await call('GET', '/admin/exchange-rates', { token: tokens.admin });
    expect(list.json.data.fetches[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^missing_currency: EUR/) });
  });
  it('an unreachable feed fails the same way', async () => {
    const res = await fetchRates(ctx.app.db, 'http://127.0.0.1:9/rss/get_rates.cfm', today());
    expect(res).toMatchObject({ status: 'failed', stored: 0, error: expect.stringMatching(/^unreachable/) });
  });
  it('fetch now is the admin’s alone; it stores today’s; the daily job then does nothing that day', async () => {
    const res = await expectAdminOnly(ctx, tokens, 'POST', '/admin/exchange-rates/fetch');
    expect(res.json.data).toMatchObject({ status: 'ok', stored: 5 });
    const calls = nbk.calls.length;
    expect(await dailyRates(ctx.app.db, nbk.url)).toBeNull();
    expect(nbk.calls.length).toBe(calls);
    const list = await expectAdminOnly(ctx, tokens, 'GET', '/admin/exchange-rates');
    expect(list.json.data.rates.filter((r: { day: string }) => r.day === today())).toHaveLength(5);
  });
});

describe('the estimate', () => {
  it('converts item prices to EUR through KZT with the day’s rates and estimates the duty', async () => {
    // 500 USD at 999.99 ₸ (today’s) / 512.30 ₸ = 975.98 EUR; 775.98 over → 15 % = 116.40 EUR.
    const res = await estimate({ items: [usd(25_000, 2)], weight_kg: 2 });
    expect(res.json.data).toMatchObject({
      status: 'ok',
      value_eur: 97_598,
      crosses: true,
      used: 97_598,
      remaining: 0,
      duty_eur: 11_640,
      branch_currency: 'KZT',
    });
    expect(res.json.data.duty_branch).toBe(5_963_200); // 116.40 × 512.30 = 59 631.72 ₸ → 59 632 ₸
    expect(res.json.data.rates).toContainEqual({ currency: 'USD', rate: '999.99000000', day: today() });
  });
  it('exactly 200.00 EUR and 31.000 kg: no duty; one cent or one gram over: duty', async () => {
    expect((await estimate({ items: [eur(10_000, 2)], weight_kg: 31 })).json.data).toMatchObject({
      crosses: false,
      duty_eur: 0,
      remaining: 0,
    });
    expect((await estimate({ items: [eur(20_001)], weight_kg: 31 })).json.data).toMatchObject({ crosses: true });
    expect((await estimate({ items: [eur(20_010)], weight_kg: 31 })).json.data).toMatchObject({ crosses: true, duty_eur: 2 });
    expect((await estimate({ items: [eur(100)], weight_kg: 31.001 })).json.data).toMatchObject({ crosses: true });
    expect((await estimate({ items: [eur(100)], weight_kg: 41 })).json.data).toMatchObject({ crosses: true, duty_eur: 2_000 });
  });
  it('a rate of a currency never fetched → rate_unavailable for it', async () => {
    await ctx.app.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'RUB'));
    const res = await estimate({ items: [eur(100), { quantity: 1, unit_price: 100, currency: 'RUB' }] });
    expect(res.json.data).toMatchObject({ status: 'rate_unavailable', rate_unavailable: ['RUB'], duty_eur: null });
  });
  it('a parcel’s value from its declaration’s item lines (the owner’s, by track code)', async () => {
    const [d] = await ctx.app.db.insert(declarations).values({ userId: customer.user.id, trackCode: 'YT1234567890123' }).returning();
    await ctx.app.db.insert(declarationItems).values([
      { declarationId: d!.id, position: 1, description: 'Phone', quantity: 1, unitPrice: 18_000, currency: 'EUR' },
      { declarationId: d!.id, position: 2, description: 'Case', quantity: 2, unitPrice: 1_500, currency: 'EUR' },
    ]);
    const res = await estimate({ track_code: 'YT1234567890123' });
    expect(res.json.data).toMatchObject({ status: 'ok', value_eur: 21_000, crosses: true, duty_eur: 150 });
    // Another customer's estimate of the same code sees nothing of it.
    const other = await registerCustomer(ctx);
    expect((await estimate({ track_code: 'YT1234567890123' }, other.token)).json.data).toMatchObject({ value_eur: 0, crosses: false });
  });
  it('in Kyrgyzstan: KG’s rule and the duty in som', async () => {
    const [kg] = await ctx.app.db.select({ id: branches.id }).from(branches).where(eq(branches.currency, 'KGS')).limit(1);
    const c = await registerCustomer(ctx, { branch_id: kg!.id });
    const res = await estimate({ items: [eur(30_000)] }, c.token);
    // 15 EUR × 512.30 / 5.38 = 1 428.35 сом → 1 428 сом.
    expect(res.json.data).toMatchObject({ status: 'ok', duty_eur: 1_500, branch_currency: 'KGS', duty_branch: 142_800 });
    expect(res.json.data.rule.country_code).toBe('KG');
  });
});

const rule = (over: Record<string, unknown> = {}) => ({
  country_code: 'KZ',
  effective_from: '2030-01-01',
  effective_to: null,
  period: 'month',
  value_threshold: 100_000,
  weight_threshold_kg: 31,
  rate_bp: 1500,
  min_per_kg: 200,
  name: { kk: 'Онлайн-сауда', ru: 'Онлайн-торговля', en: 'E-commerce' },
  ...over,
});

describe('admin edits', () => {
  it('lists the rules; an overlapping rule is refused; ending the old one lets the new one start the day after', async () => {
    const list = await expectAdminOnly(ctx, tokens, 'GET', '/admin/duty-rules');
    const kz = list.json.data.find((r: { country_code: string }) => r.country_code === 'KZ');
    const overlap = await call('POST', '/admin/duty-rules', { token: tokens.admin, body: rule(), lang: 'en' });
    expect(overlap.status).toBe(409);
    expect(overlap.json.code).toBe('duty_rule_overlap');
    const stale = await call('POST', `/admin/duty-rules/${kz.id}/end`, {
      token: tokens.admin,
      body: { effective_to: '2029-12-31', version: kz.version + 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('stale_write');
    const ended = await call('POST', `/admin/duty-rules/${kz.id}/end`, {
      token: tokens.admin,
      body: { effective_to: '2029-12-31', version: kz.version },
    });
    expect(ended.status).toBe(200);
    expect(ended.json.data).toMatchObject({ effective_to: '2029-12-31', version: kz.version + 1 });
    const created = await call('POST', '/admin/duty-rules', { token: tokens.admin, body: rule() });
    expect(created.status).toBe(200);
    // An update based on an old version → 409; with the current one → saved, version bumped.
    const id = created.json.data.id;
    expect(
      (await call('PUT', `/admin/duty-rules/${id}`, { token: tokens.admin, body: rule({ rate_bp: 1000, version: 7 }) })).json.code,
    ).toBe('stale_write');
    const saved = await call('PUT', `/admin/duty-rules/${id}`, { token: tokens.admin, body: rule({ rate_bp: 1000, version: 1 }) });
    expect(saved.json.data).toMatchObject({ rate_bp: 1000, version: 2 });
    // Moving it to overlap the ended rule is refused.
    expect(
      (await call('PUT', `/admin/duty-rules/${id}`, { token: tokens.admin, body: rule({ effective_from: '2029-12-31', version: 2 }) })).json
        .code,
    ).toBe('duty_rule_overlap');
    // Dates that end before they start → 422.
    expect(
      (
        await call('POST', '/admin/duty-rules', {
          token: tokens.admin,
          body: rule({ effective_from: '2040-01-02', effective_to: '2040-01-01' }),
        })
      ).status,
    ).toBe(422);
  });
  it('a burst of two overlapping creates: one wins', async () => {
    const body = rule({ country_code: 'KG', effective_from: '2035-01-01' });
    // KG's rule is open-ended: end it first.
    const kg = (await call('GET', '/admin/duty-rules', { token: tokens.admin })).json.data.find(
      (r: { country_code: string; effective_to: string | null }) => r.country_code === 'KG' && r.effective_to === null,
    );
    await call('POST', `/admin/duty-rules/${kg.id}/end`, {
      token: tokens.admin,
      body: { effective_to: '2034-12-31', version: kg.version },
    });
    const answers = await Promise.all([
      call('POST', '/admin/duty-rules', { token: tokens.admin, body }),
      call('POST', '/admin/duty-rules', { token: tokens.admin, body: { ...body, effective_from: '2036-06-01' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rules = (await call('GET', '/admin/duty-rules', { token: tokens.admin })).json.data.filter(
      (r: { country_code: string; effective_from: string }) => r.country_code === 'KG' && r.effective_from >= '2035-01-01',
    );
    expect(rules).toHaveLength(1);
  });
  it('effective dates: the ended rule on its last day, the new monthly rule from the next, in the branch’s time zone', async () => {
    // 2029-12-31 19:30 UTC is 2030-01-01 00:30 in Almaty (UTC+5): the new rule.
    const before = await estimateDuty(
      ctx.app.db,
      customer.user.id,
      { items: [{ quantity: 1, unit_price: 30_000, currency: 'EUR' }] },
      new Date('2029-12-31T18:59:00Z'),
    );
    const after = await estimateDuty(
      ctx.app.db,
      customer.user.id,
      { items: [{ quantity: 1, unit_price: 30_000, currency: 'EUR' }] },
      new Date('2029-12-31T19:00:00Z'),
    );
    expect(before.rule).toMatchObject({ period: 'parcel', effective_to: '2029-12-31' });
    expect(before).toMatchObject({ day: '2029-12-31', crosses: true });
    expect(after.rule).toMatchObject({ period: 'month', effective_from: '2030-01-01', value_threshold: 100_000 });
    expect(after).toMatchObject({ day: '2030-01-01', crosses: false, remaining: 70_000 });
  });
  it('a monthly rule counts the month’s other parcels (saved, not yet dispatched)', async () => {
    const c = await registerCustomer(ctx);
    const code = 'LP00112233445566';
    expect((await call('POST', '/save-track', { token: c.token, body: { track_code: code } })).status).toBeLessThan(300);
    const [d] = await ctx.app.db.insert(declarations).values({ userId: c.user.id, trackCode: code }).returning();
    await ctx.app.db
      .insert(declarationItems)
      .values({ declarationId: d!.id, position: 1, description: 'Coat', quantity: 1, unitPrice: 90_000, currency: 'EUR' });
    const at = new Date('2030-01-15T06:00:00Z');
    const est = await estimateDuty(ctx.app.db, c.user.id, { items: [{ quantity: 1, unit_price: 20_000, currency: 'EUR' }] }, at);
    // 900 + 200 = 1 100 EUR of 1 000: 100 EUR over at 10 % → 10 EUR.
    expect(est).toMatchObject({ previous_eur: 90_000, used: 110_000, remaining: 0, crosses: true, duty_eur: 1_000 });
    // The parcel itself is not counted twice.
    expect(await estimateDuty(ctx.app.db, c.user.id, { track_code: code }, at)).toMatchObject({
      previous_eur: 0,
      value_eur: 90_000,
      crosses: false,
    });
  });
});
