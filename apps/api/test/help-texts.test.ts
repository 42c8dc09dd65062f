import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_SECONDS, DEFAULT_VOLUMETRIC_DIVISOR, PAYMENT_METHODS, PRICE_ROUNDING_RULE, PRICE_STEP_MINOR } from '@portal/contract';
import { client, createTestApp, newPhone, type TestContext } from './helpers';

/**
 * The help texts (FAQ) promise numbers and names; this compares them with what the product is
 * configured to do, so a changed setting cannot leave the help saying something else.
 */
let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const faq = async (lang: string, words: RegExp) => {
  const list = (await call('GET', '/faqs', { lang })).json.data as { question: string; answer: string }[];
  const item = list.find((f) => words.test(`${f.question} ${f.answer}`));
  expect(item, `FAQ matching ${words} (${lang})`).toBeTruthy();
  return item!.answer;
};

describe('help texts match the product', () => {
  it('storage terms: the free days the FAQ names are the branches’ configured storage days', async () => {
    const answer = await faq('en', /Free for \d+ days/);
    const branches = (await call('GET', '/country/1/branches', { lang: 'en' })).json.data as { storage_days: number }[];
    const kg = (await call('GET', '/country/2/branches', { lang: 'en' })).json.data as { storage_days: number }[];
    const configured = new Set([...branches, ...kg].map((b) => b.storage_days));
    const stated = new Set([...answer.matchAll(/(\d+) days/g)].map((m) => Number(m[1])));
    expect(stated.size).toBeGreaterThan(0);
    expect(stated).toEqual(configured);
  });

  it('payment methods: what the FAQ lists for Kazakhstan is what the counter can record', async () => {
    const answer = await faq('en', /cash/i);
    expect(PAYMENT_METHODS).toContain('cash');
    expect(PAYMENT_METHODS).toContain('card');
    if (/Kaspi QR/.test(answer)) expect(PAYMENT_METHODS).toContain('kaspi_qr');
  });

  it('price rule: the FAQ states the chargeable-weight rule with the configured divisor, in every language', async () => {
    const settings = (await call('GET', '/settings', { lang: 'en' })).json.data as { volumetric_divisor: number };
    expect(settings.volumetric_divisor).toBe(DEFAULT_VOLUMETRIC_DIVISOR);
    for (const [lang, words] of [
      ['en', /chargeable weight/i],
      ['ru', /оплачиваемый вес/i],
      ['kk', /төленетін салмақ/i],
    ] as const) {
      const answer = await faq(lang, words);
      expect(answer).toContain(`/ ${settings.volumetric_divisor})`);
      expect(answer).not.toMatch(/0[.,]1 (kg|кг)/);
    }
    // The rounding rule (ADR 072): whole tenge and som, 2 decimals otherwise; the FAQ says what the contract applies.
    const rule = 'rounded half up once: to whole tenge and som (KZT, KGS), to 2 decimals in other currencies';
    expect(await faq('en', /chargeable weight/i)).toContain(rule);
    expect(PRICE_ROUNDING_RULE.en).toContain(rule);
    expect(await faq('ru', /оплачиваемый вес/i)).toContain('до целых тенге и сомов (KZT, KGS)');
    expect(await faq('kk', /төленетін салмақ/i)).toContain('теңге мен сом (KZT, KGS) бүтінге дейін');
    expect(PRICE_STEP_MINOR).toEqual({ KZT: 100, KGS: 100 });
  });

  it('the SMS names the site as the settings do, and the code lasts what the texts say', async () => {
    const settings = (await call('GET', '/settings', { lang: 'ru' })).json.data as { site_name: string };
    const phone = newPhone();
    const res = await call('POST', '/auth/send-code', { body: { phone_number: phone }, lang: 'ru' });
    expect(res.status).toBe(200);
    expect(res.json.data.expires_in).toBe(CODE_TTL_SECONDS);
    expect(ctx.sms.sent.at(-1)!.text).toContain(settings.site_name);
    expect(settings.site_name).toBe('Orda Cargo');
  });
});
