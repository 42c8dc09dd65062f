import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, faqs, lessonSteps, lessons, marketplaces, news, prohibitedItems } from '../src/db/schema';
import { DEMO_FAQS, DEMO_LESSONS, DEMO_MARKETPLACES, DEMO_NEWS, DEMO_PROHIBITED_ITEMS } from '../src/seed/content';
import { client, createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const LANGS = ['kk', 'ru', 'en'] as const;

describe('GET marketplaces', () => {
  it('lists the six marketplaces in order, with logo, link and a description in each language', async () => {
    for (const lang of LANGS) {
      const res = await call('GET', '/marketplaces', { lang });
      expect(res.status).toBe(200);
      expect(res.json.data.map((m: { name: string }) => m.name)).toEqual(['Taobao', '1688', 'Pinduoduo', 'Poizon', 'Tmall', 'JD']);
      expect(res.json.data[0]).toMatchObject({
        url: 'https://world.taobao.com',
        logo: '/marketplaces/taobao.svg',
        description: DEMO_MARKETPLACES[0]!.description[lang],
      });
    }
  });
});

describe('GET prohibited-items', () => {
  it('lists twelve items with icon, title and description in the request language', async () => {
    for (const lang of LANGS) {
      const res = await call('GET', '/prohibited-items', { lang });
      expect(res.status).toBe(200);
      expect(res.json.data).toHaveLength(12);
      expect(res.json.data[0]).toMatchObject({
        icon: DEMO_PROHIBITED_ITEMS[0]!.icon,
        title: DEMO_PROHIBITED_ITEMS[0]!.title[lang],
        description: DEMO_PROHIBITED_ITEMS[0]!.description[lang],
      });
    }
  });

  it('falls back to ru for an unknown language and for a text missing in the asked one', async () => {
    const [row] = await ctx.database.db
      .insert(prohibitedItems)
      .values({
        icon: '🧪',
        position: 999,
        title: { ru: 'Ртуть', kk: '', en: 'Mercury' },
        description: { ru: 'Термометры с ртутью', kk: '', en: '' },
      })
      .returning();
    ctx.app.contentCache.clear();
    try {
      const de = await call('GET', '/prohibited-items', { lang: 'de-DE,de;q=0.9' });
      expect(de.json.data[0].title).toBe(DEMO_PROHIBITED_ITEMS[0]!.title.ru);
      const kk = await call('GET', '/prohibited-items', { lang: 'kk-KZ' });
      const added = kk.json.data.find((i: { id: number }) => i.id === row!.id);
      expect(added).toMatchObject({ title: 'Ртуть', description: 'Термометры с ртутью' });
      const en = await call('GET', '/prohibited-items', { lang: 'en' });
      expect(en.json.data.find((i: { id: number }) => i.id === row!.id)).toMatchObject({
        title: 'Mercury',
        description: 'Термометры с ртутью',
      });
    } finally {
      await ctx.database.db.delete(prohibitedItems).where(eq(prohibitedItems.id, row!.id));
      ctx.app.contentCache.clear();
    }
  });
});

describe('GET news', () => {
  it('pages published news newest first with the spec filters and meta', async () => {
    const first = await call('GET', '/news?filters[per_page]=4&filters[page]=1', { lang: 'en' });
    expect(first.status).toBe(200);
    expect(first.json.meta).toEqual({ current_page: 1, per_page: 4, total: 6, last_page: 2 });
    expect(first.json.data.map((n: { title: string }) => n.title)).toEqual(DEMO_NEWS.slice(0, 4).map((n) => n.title.en));
    expect(first.json.data[0]).not.toHaveProperty('body');
    const dates = first.json.data.map((n: { published_at: string }) => Date.parse(n.published_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const second = await call('GET', '/news?filters[per_page]=4&filters[page]=2', { lang: 'en' });
    expect(second.json.data).toHaveLength(2);
    expect(second.json.meta.current_page).toBe(2);

    const defaults = await call('GET', '/news');
    expect(defaults.json.meta).toMatchObject({ current_page: 1, per_page: 10 });
    expect(defaults.json.data[0].title).toBe(DEMO_NEWS[0]!.title.ru);

    const beyond = await call('GET', '/news?filters[page]=9');
    expect(beyond.status).toBe(200);
    expect(beyond.json.data).toEqual([]);
  });

  it('refuses bad paging with 422', async () => {
    for (const q of ['filters[per_page]=0', 'filters[per_page]=101', 'filters[page]=0', 'filters[page]=abc']) {
      const res = await call('GET', `/news?${q}`, { lang: 'en' });
      expect(res.status, q).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
  });

  it('reads one item with its body, hides scheduled items and answers 404 for unknown ids', async () => {
    const list = await call('GET', '/news', { lang: 'kk' });
    const id = list.json.data[0].id;
    const one = await call('GET', `/news/${id}`, { lang: 'kk' });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ id, title: DEMO_NEWS[0]!.title.kk, body: DEMO_NEWS[0]!.body.kk });

    const [future] = await ctx.database.db
      .insert(news)
      .values({
        title: { ru: 'Скоро', kk: 'Жақында', en: 'Soon' },
        summary: { ru: 's', kk: 's', en: 's' },
        body: { ru: 'b', kk: 'b', en: 'b' },
        publishedAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    ctx.app.contentCache.clear(); // written behind the API's back, not through the admin API
    try {
      expect((await call('GET', `/news/${future!.id}`)).status).toBe(404);
      const all = await call('GET', '/news?filters[per_page]=100');
      expect(all.json.meta.total).toBe(6);
      expect(all.json.data.some((n: { id: number }) => n.id === future!.id)).toBe(false);
    } finally {
      await ctx.database.db.delete(news).where(eq(news.id, future!.id));
      ctx.app.contentCache.clear();
    }
    const missing = await call('GET', '/news/999999', { lang: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'not_found', message: 'Not found' });
    expect((await call('GET', '/news/abc')).status).toBe(422);
  });
});

describe('GET faqs', () => {
  it('lists fifteen questions with answers in each language', async () => {
    for (const lang of LANGS) {
      const res = await call('GET', '/faqs', { lang });
      expect(res.status).toBe(200);
      expect(res.json.data).toHaveLength(15);
      expect(res.json.data[0]).toMatchObject({ question: DEMO_FAQS[0]!.question[lang], answer: DEMO_FAQS[0]!.answer[lang] });
    }
  });

  it('searches questions and answers in the request language, every word, case-insensitively', async () => {
    const en = await call('GET', `/faqs?search=${encodeURIComponent('KASPI')}`, { lang: 'en' });
    // Paying online is named by the payment answer and by the storage one (extending storage is paid online, ADR 093).
    expect(en.json.data.map((f: { question: string }) => f.question)).toEqual([
      'How long is a parcel kept at the pickup point?',
      'How do I pay for delivery?',
    ]);
    const ru = await call('GET', `/faqs?search=${encodeURIComponent('посылку забрать')}`, { lang: 'ru' });
    expect(ru.json.data.map((f: { question: string }) => f.question)).toEqual(['Может ли посылку забрать другой человек?']);
    const none = await call('GET', `/faqs?search=${encodeURIComponent('zzzz qqqq')}`, { lang: 'en' });
    expect(none.json.data).toEqual([]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const [row] = await ctx.database.db
      .insert(faqs)
      .values({
        position: 999,
        question: { ru: 'Скидка 100% на доставку?', kk: 'Жеткізуге 100% жеңілдік?', en: 'A 100% discount on delivery?' },
        answer: { ru: 'Нет', kk: 'Жоқ', en: 'No' },
      })
      .returning();
    ctx.app.contentCache.clear();
    try {
      const pct = await call('GET', `/faqs?search=${encodeURIComponent('100%')}`, { lang: 'en' });
      expect(pct.json.data.map((f: { id: number }) => f.id)).toEqual([row!.id]);
      const wildcard = await call('GET', `/faqs?search=${encodeURIComponent('%')}`, { lang: 'en' });
      expect(wildcard.json.data.length).toBeLessThan(5);
      for (const f of wildcard.json.data) expect(`${f.question} ${f.answer}`).toContain('%');
      const underscore = await call('GET', `/faqs?search=_`, { lang: 'en' });
      expect(underscore.json.data).toEqual([]);
    } finally {
      await ctx.database.db.delete(faqs).where(eq(faqs.id, row!.id));
      ctx.app.contentCache.clear();
    }
  });

  it('refuses an overlong search with 422', async () => {
    const res = await call('GET', `/faqs?search=${'a'.repeat(101)}`, { lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.json.errors.search).toEqual(['The value is too long']);
  });
});

describe('GET lessons', () => {
  it('lists five lessons with their step counts, in each language', async () => {
    for (const lang of LANGS) {
      const res = await call('GET', '/lessons', { lang });
      expect(res.status).toBe(200);
      expect(res.json.data.map((l: { title: string }) => l.title)).toEqual(DEMO_LESSONS.map((l) => l.title[lang]));
      expect(res.json.data.map((l: { steps_count: number }) => l.steps_count)).toEqual(DEMO_LESSONS.map((l) => l.steps.length));
      for (const lesson of res.json.data) expect(lesson.steps_count).toBeGreaterThanOrEqual(3);
    }
  });

  it('reads one lesson with its steps in order', async () => {
    const list = await call('GET', '/lessons', { lang: 'en' });
    const id = list.json.data[2].id;
    const res = await call('GET', `/lessons/${id}`, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.json.data.title).toBe(DEMO_LESSONS[2]!.title.en);
    expect(res.json.data.steps.map((s: { position: number }) => s.position)).toEqual([1, 2, 3, 4, 5]);
    expect(res.json.data.steps.map((s: { title: string }) => s.title)).toEqual(DEMO_LESSONS[2]!.steps.map((s) => s.title.en));
  });

  it('orders steps by position, not by insertion', async () => {
    const db = ctx.database.db;
    const [lesson] = await db
      .insert(lessons)
      .values({
        title: { ru: 'Т', kk: 'Т', en: 'T' },
        description: { ru: 'Д', kk: 'Д', en: 'D' },
        position: 99,
        videoUrl: 'https://www.youtube-nocookie.com/embed/abc',
      })
      .returning();
    ctx.app.contentCache.clear();
    const step = (position: number) => ({
      lessonId: lesson!.id,
      position,
      title: { ru: `Шаг ${position}`, kk: `${position}-қадам`, en: `Step ${position}` },
      body: { ru: '', kk: '', en: '' },
    });
    await db.insert(lessonSteps).values([step(3), step(1), step(2)]);
    ctx.app.contentCache.clear();
    try {
      const res = await call('GET', `/lessons/${lesson!.id}`, { lang: 'kk' });
      expect(res.json.data.steps.map((s: { title: string }) => s.title)).toEqual(['1-қадам', '2-қадам', '3-қадам']);
      expect(res.json.data.video_url).toBe('https://www.youtube-nocookie.com/embed/abc');
    } finally {
      await db.delete(lessons).where(eq(lessons.id, lesson!.id));
      ctx.app.contentCache.clear();
    }
  });

  it('answers 404 for an unknown lesson and 422 for a bad id', async () => {
    expect((await call('GET', '/lessons/424242')).status).toBe(404);
    expect((await call('GET', '/lessons/-1')).status).toBe(422);
    expect((await call('GET', '/lessons/99999999999')).status).toBe(422);
  });
});

describe('branches', () => {
  it('lists a country with every field and reads one branch by id', async () => {
    const list = await call('GET', '/country/1/branches', { lang: 'en' });
    expect(list.status).toBe(200);
    const first = list.json.data[0];
    expect(first).toMatchObject({
      name: 'Almaty — Tole Bi',
      city: 'Almaty',
      tariff: 1890,
      currency: 'KZT',
      time_zone: 'Asia/Almaty',
      storage_days: 14,
    });
    expect(first.working_hours).toHaveLength(7);
    expect(first.phones.length).toBeGreaterThan(0);
    expect(first.map_link).toMatch(/^https:\/\/2gis\.kz\//);

    const one = await call('GET', `/branches/${first.id}`, { lang: 'kk' });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({ id: first.id, name: 'Алматы — Төле би', address: 'Төле би к-сі, 101, 1-қабат' });
  });

  it('answers 404 for an unknown or inactive branch', async () => {
    expect((await call('GET', '/branches/987654')).status).toBe(404);
    const [row] = await ctx.database.db.select().from(branches).limit(1);
    await ctx.database.db.update(branches).set({ isActive: false }).where(eq(branches.id, row!.id));
    ctx.app.contentCache.clear();
    try {
      expect((await call('GET', `/branches/${row!.id}`)).status).toBe(404);
    } finally {
      await ctx.database.db.update(branches).set({ isActive: true }).where(eq(branches.id, row!.id));
      ctx.app.contentCache.clear();
    }
  });
});

describe('cache validators on public content', () => {
  const CACHEABLE = [
    '/marketplaces',
    '/prohibited-items',
    '/news',
    '/news?filters[page]=1&filters[per_page]=2',
    '/faqs',
    '/faqs?search=kaspi',
    '/lessons',
    '/country/1/branches',
    '/countries',
    '/settings',
  ];

  it('answers with a strong ETag, Vary and a short public max-age, and 304 to a matching If-None-Match', async () => {
    for (const url of CACHEABLE) {
      const res = await call('GET', url, { lang: 'en' });
      expect(res.status, url).toBe(200);
      const etag = res.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-language');
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');

      const again = await call('GET', url, { lang: 'en', headers: { 'if-none-match': etag } });
      expect(again.status, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);

      const weak = await call('GET', url, { lang: 'en', headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(weak.status, url).toBe(304);
    }
  });

  it('gives each language its own ETag, so a stale tag gets the full answer', async () => {
    const en = await call('GET', '/lessons', { lang: 'en' });
    const kk = await call('GET', '/lessons', { lang: 'kk' });
    expect(kk.headers.etag).not.toBe(en.headers.etag);
    const crossed = await call('GET', '/lessons', { lang: 'kk', headers: { 'if-none-match': en.headers.etag as string } });
    expect(crossed.status).toBe(200);
    expect(crossed.json.data[0].title).toBe(DEMO_LESSONS[0]!.title.kk);
  });

  it('changes the ETag when the content changes', async () => {
    const before = await call('GET', '/marketplaces', { lang: 'ru' });
    const [row] = await ctx.database.db
      .insert(marketplaces)
      .values({
        name: 'AliExpress',
        url: 'https://aliexpress.com',
        logo: '/x.svg',
        position: 99,
        description: { ru: 'Р', kk: 'Р', en: 'R' },
      })
      .returning();
    ctx.app.contentCache.clear();
    try {
      const after = await call('GET', '/marketplaces', { lang: 'ru', headers: { 'if-none-match': before.headers.etag as string } });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json.data).toHaveLength(7);
    } finally {
      await ctx.database.db.delete(marketplaces).where(eq(marketplaces.id, row!.id));
      ctx.app.contentCache.clear();
    }
  });

  it('puts no validators on errors, and none on private answers', async () => {
    const missing = await call('GET', '/lessons/424242');
    expect(missing.headers.etag).toBeUndefined();
    const china = await call('GET', '/china-address');
    expect(china.status).toBe(401);
    expect(china.headers.etag).toBeUndefined();
  });
});
