import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingLanguages } from '@portal/contract';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { PNG_1x1, upload } from './manage-helpers';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let admin: string;
const dataDir = mkdtempSync(join(tmpdir(), 'admin-content-'));

beforeAll(async () => {
  // Its own data folder: the uploads cleanup below must not see other test files' uploads.
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  call = client(ctx.app);
  const customer = await registerCustomer(ctx);
  tokens = await roleTokens(ctx, customer.token);
  admin = tokens.admin;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const t3 = (text: string) => ({ kk: `${text} kk`, ru: `${text} ru`, en: `${text} en` });
const WEBP = Buffer.from('524946461a000000574542505650384c0d0000002f0000001007101111888808', 'hex');

async function image(kind: string, bytes = PNG_1x1, type = 'image/png') {
  return upload(ctx, `/admin/uploads/${kind}`, admin, [{ field: 'image', name: 'x', type, bytes }]);
}

async function auditOf(targetType: string, targetId: number | string, action: string) {
  const res = await call(
    'GET',
    `/admin/audit?filters[target_type]=${targetType}&filters[target_id]=${encodeURIComponent(String(targetId))}&filters[action]=${action}`,
    { token: admin },
  );
  return res.json.data as Array<{ before: any; after: any; actor_role: string; actor_id: number }>;
}

function newsBody(over: Record<string, unknown> = {}) {
  return {
    title: t3('Holiday hours'),
    summary: { kk: '', ru: '', en: '' },
    body: t3('The warehouse rests on **Sunday**.\n\n- item one\n- item two'),
    image: null,
    published_at: new Date(Date.now() - 60_000).toISOString(),
    is_published: true,
    ...over,
  };
}

describe('admin content: role matrix', () => {
  it('every content call is for admins only; others change nothing', async () => {
    const news = (await call('POST', '/admin/news', { token: admin, body: newsBody() })).json.data;
    const faq = (await call('POST', '/admin/faqs', { token: admin, body: { question: t3('Q'), answer: t3('A') } })).json.data;
    const statuses = (await call('GET', '/admin/statuses', { token: admin })).json.data;
    const checks: [string, string, unknown?, number?][] = [
      ['GET', '/admin/news'],
      ['GET', `/admin/news/${news.id}`],
      ['POST', '/admin/news', newsBody(), 201],
      ['PUT', `/admin/news/${news.id}`, { ...newsBody(), version: news.version }],
      ['GET', '/admin/faqs'],
      ['GET', `/admin/faqs/${faq.id}`],
      ['POST', '/admin/faqs', { question: t3('Q2'), answer: t3('A2') }, 201],
      ['PUT', `/admin/faqs/${faq.id}`, { question: t3('Q'), answer: t3('A'), version: faq.version }],
      ['POST', `/admin/faqs/${faq.id}/move`, { direction: 'up' }],
      ['GET', '/admin/lessons'],
      [
        'POST',
        '/admin/lessons',
        { title: t3('L'), description: t3(''), cover: null, video_url: null, duration_minutes: 3, steps: [] },
        201,
      ],
      ['GET', '/admin/prohibited-items'],
      ['POST', '/admin/prohibited-items', { title: t3('P'), description: t3('D'), icon: 'flame' }, 201],
      ['GET', '/admin/marketplaces'],
      ['GET', '/admin/statuses'],
      ['PUT', `/admin/statuses/${statuses[0].id}`, { name: statuses[0].name, version: statuses[0].version }],
      ['DELETE', `/admin/statuses/${statuses[0].id}`, undefined, 409],
      ['DELETE', `/admin/faqs/${faq.id}`],
      ['DELETE', `/admin/news/${news.id}`],
    ];
    for (const [method, url, body, status] of checks) {
      const res = await expectAdminOnly(ctx, tokens, method as 'GET', url, body);
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(status ?? 200);
    }
    // Uploads: the same guard, before the file is read.
    for (const role of ['customer', 'warehouse', 'branch'] as const) {
      const res = await upload(ctx, '/admin/uploads/news', tokens[role], [
        { field: 'image', name: 'x.png', type: 'image/png', bytes: PNG_1x1 },
      ]);
      expect(res.status).toBe(403);
    }
    expect((await image('news')).status).toBe(201);
  });
});

describe('admin news', () => {
  it('publishes in three languages: each reader sees their language; audited with before/after', async () => {
    const created = await call('POST', '/admin/news', { token: admin, body: newsBody({ title: t3('Trilingual news') }) });
    expect(created.status).toBe(201);
    const item = created.json.data;
    expect(item).toMatchObject({ state: 'published', missing_languages: [], version: 1 });
    for (const lang of ['kk', 'ru', 'en']) {
      const list = await call('GET', '/news?filters[per_page]=50', { lang });
      const shown = list.json.data.find((n: any) => n.id === item.id);
      expect(shown.title).toBe(`Trilingual news ${lang}`);
      // No summary saved: the start of the body stands in, without its marks.
      expect(shown.summary).toBe(`The warehouse rests on Sunday. item one item two ${lang}`);
      const one = await call('GET', `/news/${item.id}`, { lang });
      expect(one.json.data.body).toContain('**Sunday**');
    }
    // A summary typed with marks is listed as plain text too (issue 32: customers saw raw **bold** and "- ").
    const marked = await call('POST', '/admin/news', {
      token: admin,
      body: newsBody({ summary: t3('**Closed** on Sunday:\n- Almaty\n- Bishkek') }),
    });
    const listed = (await call('GET', '/news?filters[per_page]=50', { lang: 'en' })).json.data.find(
      (n: { id: number }) => n.id === marked.json.data.id,
    );
    expect(listed.summary).toBe('Closed on Sunday: Almaty Bishkek en');
    const [row] = await auditOf('news', item.id, 'news.create');
    expect(row).toMatchObject({
      actor_role: 'admin',
      before: null,
      after: { title: t3('Trilingual news'), is_published: true, version: 1 },
    });

    const saved = await call('PUT', `/admin/news/${item.id}`, {
      token: admin,
      body: { ...newsBody({ title: { ...t3('Trilingual news'), en: 'Renamed' } }), version: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.version).toBe(2);
    const [update] = await auditOf('news', item.id, 'news.update');
    expect(update!.before.title.en).toBe('Trilingual news en');
    expect(update!.after.title.en).toBe('Renamed');
    expect(update!.after.version).toBe(2);
  });

  it('a draft is never public and may miss languages; publishing needs every language (422 names the field)', async () => {
    const draft = await call('POST', '/admin/news', {
      token: admin,
      body: newsBody({ title: { kk: '', ru: 'Черновик', en: '' }, body: { kk: '', ru: 'Текст', en: 'Text' }, is_published: false }),
    });
    expect(draft.status).toBe(201);
    expect(draft.json.data).toMatchObject({ state: 'draft', missing_languages: ['kk', 'en'] });
    expect((await call('GET', `/news/${draft.json.data.id}`)).status).toBe(404);
    const listed = await call('GET', '/admin/news?filters[missing]=kk&filters[per_page]=100', { token: admin });
    expect(listed.json.data.map((n: any) => n.id)).toContain(draft.json.data.id);
    expect(listed.json.data.every((n: any) => n.missing_languages.includes('kk'))).toBe(true);
    const drafts = await call('GET', '/admin/news?filters[state]=draft', { token: admin });
    expect(drafts.json.data.every((n: any) => n.state === 'draft')).toBe(true);

    const publish = await call('PUT', `/admin/news/${draft.json.data.id}`, {
      token: admin,
      lang: 'en',
      body: { ...newsBody({ title: { kk: '', ru: 'Черновик', en: '' }, body: { kk: '', ru: 'Текст', en: 'Text' } }), version: 1 },
    });
    expect(publish.status).toBe(422);
    expect(Object.keys(publish.json.errors).sort()).toEqual(['body.kk', 'title.en', 'title.kk']);
    expect(publish.json.errors['title.kk'][0]).toMatch(/Kazakh, Russian and English/);
    // Missing key entirely: named too, in the caller's language.
    const missingKey = await call('POST', '/admin/news', { token: admin, lang: 'ru', body: newsBody({ title: { ru: 'a', en: 'b' } }) });
    expect(missingKey.status).toBe(422);
    expect(missingKey.json.errors['title.kk']).toEqual(['Это поле обязательно']);
    expect((await call('GET', `/admin/news/${draft.json.data.id}`, { token: admin })).json.data.version).toBe(1);
  });

  it('a scheduled item is not public before its time, then is', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await call('POST', '/admin/news', { token: admin, body: newsBody({ title: t3('Scheduled'), published_at: future }) });
    const id = res.json.data.id;
    expect(res.json.data.state).toBe('scheduled');
    expect((await call('GET', `/news/${id}`)).status).toBe(404);
    expect((await call('GET', '/news?filters[per_page]=100')).json.data.map((n: any) => n.id)).not.toContain(id);
    const now = await call('PUT', `/admin/news/${id}`, {
      token: admin,
      body: { ...newsBody({ title: t3('Scheduled'), published_at: new Date(Date.now() - 1000).toISOString() }), version: 1 },
    });
    expect(now.json.data.state).toBe('published');
    expect((await call('GET', `/news/${id}`)).status).toBe(200);
  });

  it('public news keeps its ETag and 60 s cache; an edit shows at once with a new ETag', async () => {
    const item = (await call('POST', '/admin/news', { token: admin, body: newsBody({ title: t3('Cached') }) })).json.data;
    const first = await call('GET', `/news/${item.id}`, { lang: 'en' });
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect((await call('GET', `/news/${item.id}`, { lang: 'en', headers: { 'if-none-match': etag } })).status).toBe(304);
    await call('PUT', `/admin/news/${item.id}`, { token: admin, body: { ...newsBody({ title: t3('Cached again') }), version: 1 } });
    const after = await call('GET', `/news/${item.id}`, { lang: 'en', headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.json.data.title).toBe('Cached again en');
  });

  it('two admins save the same item: the second gets 409 and nothing is overwritten', async () => {
    const item = (await call('POST', '/admin/news', { token: admin, body: newsBody() })).json.data;
    const a = await call('PUT', `/admin/news/${item.id}`, { token: admin, body: { ...newsBody({ title: t3('First') }), version: 1 } });
    expect(a.status).toBe(200);
    const b = await call('PUT', `/admin/news/${item.id}`, {
      token: admin,
      lang: 'en',
      body: { ...newsBody({ title: t3('Second') }), version: 1 },
    });
    expect(b.status).toBe(409);
    expect(b.json).toMatchObject({ code: 'stale_write' });
    expect(b.json.message).toMatch(/Someone else changed this/);
    expect((await call('GET', `/admin/news/${item.id}`, { token: admin })).json.data.title.en).toBe('First en');
    expect(await auditOf('news', item.id, 'news.update')).toHaveLength(1);
  });

  it('a burst of saves at one version: exactly one wins', async () => {
    const item = (await call('POST', '/admin/news', { token: admin, body: newsBody() })).json.data;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', `/admin/news/${item.id}`, { token: admin, body: { ...newsBody({ title: t3(`Burst ${i}`) }), version: 1 } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call('GET', `/admin/news/${item.id}`, { token: admin })).json.data.version).toBe(2);
  });

  it('delete: gone for everyone, audited with what it was; unknown ids are 404', async () => {
    const item = (await call('POST', '/admin/news', { token: admin, body: newsBody({ title: t3('Doomed') }) })).json.data;
    expect((await call('DELETE', `/admin/news/${item.id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', `/news/${item.id}`)).status).toBe(404);
    const [row] = await auditOf('news', item.id, 'news.delete');
    expect(row).toMatchObject({ before: { title: t3('Doomed') }, after: null });
    for (const [method, body] of [
      ['GET', undefined],
      ['DELETE', undefined],
      ['PUT', { ...newsBody(), version: 1 }],
    ] as const) {
      expect((await call(method, `/admin/news/${item.id}`, { token: admin, body })).status).toBe(404);
    }
    expect((await call('GET', '/admin/news/abc', { token: admin })).status).toBe(422);
  });

  it('hostile input: huge, too long, control characters, scripts, bad dates and images change nothing', async () => {
    const before = (await call('GET', '/admin/news', { token: admin })).json.meta.total;
    const huge = await call('POST', '/admin/news', { token: admin, body: newsBody({ body: t3('x'.repeat(1024 * 1024)) }) });
    expect(huge.status).toBe(413);
    const long = await call('POST', '/admin/news', {
      token: admin,
      lang: 'en',
      body: newsBody({ title: { ...t3('a'), en: 'x'.repeat(201) } }),
    });
    expect(long.status).toBe(422);
    expect(long.json.errors['title.en']).toEqual(['The value is too long']);
    const control = await call('POST', '/admin/news', { token: admin, body: newsBody({ title: { ...t3('a'), ru: 'bad\u0000' } }) });
    expect(control.status).toBe(422);
    expect(Object.keys(control.json.errors)).toEqual(['title.ru']);
    const date = await call('POST', '/admin/news', { token: admin, body: newsBody({ published_at: '2026-13-45' }) });
    expect(Object.keys(date.json.errors)).toEqual(['published_at']);
    const local = await call('POST', '/admin/news', { token: admin, body: newsBody({ published_at: '2026-11-01T10:00' }) });
    expect(local.status).toBe(422);
    for (const image of [
      '/uploads/news/' + 'a'.repeat(32) + '.png',
      '/uploads/lessons/x.png',
      '//evil.example/x.png',
      'https://evil.example/x.png',
      '/../etc/passwd',
    ]) {
      const res = await call('POST', '/admin/news', { token: admin, body: newsBody({ image }) });
      expect(res.status, image).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual(['image']);
    }
    const extra = await call('POST', '/admin/news', { token: admin, body: { ...newsBody(), id: 5, version: 3 } });
    expect(extra.status).toBe(422);
    expect((await call('GET', '/admin/news', { token: admin })).json.meta.total).toBe(before);

    // A script in the text is kept as the text it is (the web app renders text, never HTML).
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await call('POST', '/admin/news', { token: admin, body: newsBody({ body: t3(script) }) });
    expect(res.status).toBe(201);
    expect((await call('GET', `/news/${res.json.data.id}`, { lang: 'en' })).json.data.body).toBe(`${script} en`);
  });

  it('an uploaded image attaches; a stale or foreign one is refused; the cleanup keeps only attached ones', async () => {
    const attached = await image('news');
    const loose = await image('news', WEBP, 'image/webp');
    expect(attached.status).toBe(201);
    expect(loose.json.data.url).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.webp$/);
    const item = await call('POST', '/admin/news', { token: admin, body: newsBody({ image: attached.json.data.url }) });
    expect(item.status).toBe(201);
    expect((await call('GET', `/news/${item.json.data.id}`)).json.data.image).toBe(attached.json.data.url);
    const lessonImage = await image('lessons');
    const foreign = await call('POST', '/admin/news', { token: admin, body: newsBody({ image: lessonImage.json.data.url }) });
    expect(foreign.status).toBe(422);

    const removed = await ctx.app.uploads.removeUnattached(ctx.app.db, { olderThanMs: 0, now: new Date(Date.now() + 1000) });
    expect(removed).toContain(loose.json.data.url);
    expect(removed).toContain(lessonImage.json.data.url);
    expect(removed).not.toContain(attached.json.data.url);
    const served = await ctx.app.inject({ method: 'GET', url: attached.json.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('admin uploads', () => {
  it('JPEG/PNG/WebP by their bytes, at most 2 MB; anything else is a clear 4xx; audited', async () => {
    const ok = await image('marketplaces');
    expect(ok.status).toBe(201);
    const [row] = await auditOf('upload', ok.json.data.url.split('/').at(-1), 'upload.create');
    expect(row!.after).toMatchObject({ url: ok.json.data.url, kind: 'marketplaces', type: 'png' });
    const gif = await image('news', Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif');
    expect(gif.status).toBe(422);
    expect(gif.json.code).toBe('image_invalid');
    const svg = await image('news', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png');
    expect(svg.status).toBe(422);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(ctx, '/admin/uploads/news', admin, [{ field: 'image', name: 'big.png', type: 'image/png', bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.code).toBe('image_too_large');
    expect(tooBig.json.message).toMatch(/больше 2 МБ/); // the caller's language (ru by default)
    const kind = await image('parcels');
    expect(kind.status).toBe(422);
    const notMultipart = await call('POST', '/admin/uploads/news', { token: admin, body: { image: 'x' } });
    expect(notMultipart.status).toBe(422);
  });
});

const lessonBody = (over: Record<string, unknown> = {}) => ({
  title: t3('Lesson'),
  description: t3('About'),
  cover: null,
  video_url: null,
  duration_minutes: 4,
  steps: [
    { title: t3('Step A'), body: t3('Body A'), image: null, video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3' },
    { title: t3('Step B'), body: t3('Body B'), video_url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/' },
  ],
  ...over,
});

describe('admin lessons', () => {
  it('steps are kept by id, reordered by their order, added and removed; videos become embed addresses', async () => {
    const created = await call('POST', '/admin/lessons', {
      token: admin,
      body: lessonBody({ video_url: 'https://vkvideo.ru/video-12345_678' }),
    });
    expect(created.status).toBe(201);
    const lesson = created.json.data;
    expect(lesson.video_url).toBe('https://vkvideo.ru/video_ext.php?oid=-12345&id=678');
    expect(lesson.steps.map((s: any) => s.video_url)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef',
    ]);
    const [a, b] = lesson.steps;
    const saved = await call('PUT', `/admin/lessons/${lesson.id}`, {
      token: admin,
      body: lessonBody({
        version: 1,
        steps: [
          { id: b.id, title: t3('Step B'), body: t3('Body B') },
          { title: t3('Step C'), body: t3('Body C') },
          { id: a.id, title: t3('Step A2'), body: t3('Body A') },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.steps.map((s: any) => [s.id === b.id, s.title.en, s.position])).toEqual([
      [true, 'Step B en', 1],
      [false, 'Step C en', 2],
      [false, 'Step A2 en', 3],
    ]);
    expect(saved.json.data.steps[2].id).toBe(a.id);
    const pub = await call('GET', `/lessons/${lesson.id}`, { lang: 'kk' });
    expect(pub.json.data.steps.map((s: any) => s.title)).toEqual(['Step B kk', 'Step C kk', 'Step A2 kk']);
    const [row] = await auditOf('lesson', lesson.id, 'lesson.update');
    expect(row!.before.steps.map((s: any) => s.title.en)).toEqual(['Step A en', 'Step B en']);
    expect(row!.after.steps.map((s: any) => s.title.en)).toEqual(['Step B en', 'Step C en', 'Step A2 en']);

    const removed = await call('PUT', `/admin/lessons/${lesson.id}`, { token: admin, body: lessonBody({ version: 2, steps: [] }) });
    expect(removed.json.data.steps).toEqual([]);
    const stale = await call('PUT', `/admin/lessons/${lesson.id}`, { token: admin, body: lessonBody({ version: 2 }) });
    expect(stale.status).toBe(409);
  });

  it('refuses other video hosts by name, another lesson step id, and a missing step language', async () => {
    const other = (await call('POST', '/admin/lessons', { token: admin, body: lessonBody() })).json.data;
    for (const url of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
    ]) {
      const res = await call('POST', '/admin/lessons', {
        token: admin,
        lang: 'en',
        body: lessonBody({ steps: [{ title: t3('S'), body: t3('B'), video_url: url }] }),
      });
      expect(res.status, url).toBe(422);
      expect(res.json.errors['steps.0.video_url']).toEqual(['Paste a video link from YouTube, VK Video, Rutube or Vimeo']);
    }
    const mine = (await call('POST', '/admin/lessons', { token: admin, body: lessonBody() })).json.data;
    const foreign = await call('PUT', `/admin/lessons/${mine.id}`, {
      token: admin,
      body: lessonBody({ version: 1, steps: [{ id: other.steps[0].id, title: t3('S'), body: t3('B') }] }),
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.json.errors)).toEqual(['steps.0.id']);
    const noKk = await call('POST', '/admin/lessons', {
      token: admin,
      body: lessonBody({ steps: [{ title: t3('S'), body: { kk: ' ', ru: 'b', en: 'b' } }] }),
    });
    expect(Object.keys(noKk.json.errors)).toEqual(['steps.0.body.kk']);
    expect((await call('GET', `/admin/lessons/${other.id}`, { token: admin })).json.data.steps).toHaveLength(2);
  });

  it('moving lessons changes the order customers see; a burst of moves keeps positions 1…n', async () => {
    const list = async () => (await call('GET', '/admin/lessons?filters[per_page]=100', { token: admin })).json.data as any[];
    const ids = (await list()).map((l) => l.id);
    const last = ids[ids.length - 1];
    expect((await call('POST', `/admin/lessons/${last}/move`, { token: admin, body: { direction: 'up' } })).status).toBe(200);
    const after = (await list()).map((l) => l.id);
    expect(after.slice(-2)).toEqual([last, ids[ids.length - 2]]);
    const pub = (await call('GET', '/lessons')).json.data.map((l: any) => l.id);
    expect(pub).toEqual(after);
    const [row] = await auditOf('lesson', last, 'lesson.move');
    expect(row!.after.position).toBe(row!.before.position - 1);
    // First stays first when moved up.
    expect((await call('POST', `/admin/lessons/${after[0]}/move`, { token: admin, body: { direction: 'up' } })).status).toBe(200);
    expect((await list())[0].id).toBe(after[0]);

    await Promise.all(
      after.flatMap((id) => [
        call('POST', `/admin/lessons/${id}/move`, { token: admin, body: { direction: 'down' } }),
        call('POST', `/admin/lessons/${id}/move`, { token: admin, body: { direction: 'up' } }),
      ]),
    );
    const final = await list();
    expect(final.map((l) => l.position)).toEqual(final.map((_, i) => i + 1));
    expect(final.map((l) => l.id).sort()).toEqual([...after].sort());
    expect((await call('POST', `/admin/lessons/999999/move`, { token: admin, body: { direction: 'up' } })).status).toBe(404);
    expect((await call('POST', `/admin/lessons/${last}/move`, { token: admin, body: { direction: 'sideways' } })).status).toBe(422);
  });

  it('delete removes the lesson and its steps, audited', async () => {
    const lesson = (await call('POST', '/admin/lessons', { token: admin, body: lessonBody({ title: t3('Gone') }) })).json.data;
    expect((await call('DELETE', `/admin/lessons/${lesson.id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', `/lessons/${lesson.id}`)).status).toBe(404);
    const [row] = await auditOf('lesson', lesson.id, 'lesson.delete');
    expect(row!.before.steps).toHaveLength(2);
  });
});

describe('admin FAQ, prohibited items, marketplaces', () => {
  it('FAQ: add, edit, search, missing languages, move; the public list follows', async () => {
    const res = await call('POST', '/admin/faqs', { token: admin, body: { question: t3('Zebra question'), answer: t3('Answer') } });
    expect(res.status).toBe(201);
    const faq = res.json.data;
    const all = (await call('GET', '/admin/faqs?filters[per_page]=100', { token: admin })).json.data;
    expect(all[all.length - 1].id).toBe(faq.id);
    const found = await call('GET', '/admin/faqs?filters[search]=zebra%20kk', { token: admin });
    expect(found.json.data.map((f: any) => f.id)).toEqual([faq.id]);
    await call('POST', `/admin/faqs/${faq.id}/move`, { token: admin, body: { direction: 'up' } });
    const pub = (await call('GET', '/faqs', { lang: 'en' })).json.data;
    expect(pub[pub.length - 2].question).toBe('Zebra question en');
    const edit = await call('PUT', `/admin/faqs/${faq.id}`, {
      token: admin,
      body: { question: t3('Zebra 2'), answer: t3('A2'), version: 1 },
    });
    expect(edit.json.data).toMatchObject({ version: 2, question: t3('Zebra 2') });
    expect((await auditOf('faq', faq.id, 'faq.update'))[0]).toMatchObject({
      before: { question: t3('Zebra question') },
      after: { question: t3('Zebra 2') },
    });
    const empty = await call('PUT', `/admin/faqs/${faq.id}`, {
      token: admin,
      body: { question: { kk: '', ru: 'q', en: 'q' }, answer: t3('A2'), version: 2 },
    });
    expect(Object.keys(empty.json.errors)).toEqual(['question.kk']);
  });

  it('missing languages: the list shows and filters them the way the contract counts them', async () => {
    // An older row (seeded or imported) without Kazakh: the list flags it.
    const { faqs } = await import('../src/db/schema');
    const [row] = await ctx.database.db
      .insert(faqs)
      .values({ question: { kk: '', ru: 'Вопрос', en: 'Question' }, answer: { kk: 'Ж', ru: 'О', en: '' }, position: 999 })
      .returning();
    const res = await call('GET', '/admin/faqs?filters[missing]=any&filters[per_page]=100', { token: admin });
    const listed = res.json.data.find((f: any) => f.id === row!.id);
    expect(listed.missing_languages).toEqual(missingLanguages([row!.question, row!.answer]));
    expect(listed.missing_languages).toEqual(['kk', 'en']);
    expect(res.json.data.every((f: any) => f.missing_languages.length > 0)).toBe(true);
    const ru = await call('GET', '/admin/faqs?filters[missing]=ru', { token: admin });
    expect(ru.json.data.map((f: any) => f.id)).not.toContain(row!.id);
    expect((await call('GET', '/admin/faqs?filters[missing]=de', { token: admin })).status).toBe(422);
  });

  it('prohibited items: a drawn icon or an uploaded image, nothing else', async () => {
    const drawn = await call('POST', '/admin/prohibited-items', {
      token: admin,
      body: { title: t3('Lighters'), description: t3('Gas'), icon: 'flame' },
    });
    expect(drawn.status).toBe(201);
    const icon = (await image('prohibited-items')).json.data.url;
    const uploaded = await call('PUT', `/admin/prohibited-items/${drawn.json.data.id}`, {
      token: admin,
      body: { title: t3('Lighters'), description: t3('Gas'), icon, version: 1 },
    });
    expect(uploaded.json.data.icon).toBe(icon);
    const pub = (await call('GET', '/prohibited-items')).json.data;
    expect(pub.find((p: any) => p.id === drawn.json.data.id).icon).toBe(icon);
    for (const bad of ['javascript:alert(1)', '<svg onload=alert(1)>', '/uploads/news/' + 'b'.repeat(32) + '.png']) {
      const res = await call('POST', '/admin/prohibited-items', {
        token: admin,
        body: { title: t3('X'), description: t3('Y'), icon: bad },
      });
      expect(res.status, bad).toBe(422);
    }
  });

  it('marketplaces: https link and an uploaded logo; the current logo may stay', async () => {
    const seeded = (await call('GET', '/admin/marketplaces', { token: admin })).json.data[0];
    const keep = await call('PUT', `/admin/marketplaces/${seeded.id}`, {
      token: admin,
      body: { name: seeded.name, description: seeded.description, url: seeded.url, logo: seeded.logo, version: seeded.version },
    });
    expect(keep.status).toBe(200);
    const logo = (await image('marketplaces')).json.data.url;
    const created = await call('POST', '/admin/marketplaces', {
      token: admin,
      body: { name: 'Wildberries', description: t3('Shop'), url: 'https://www.wildberries.ru/', logo },
    });
    expect(created.status).toBe(201);
    expect((await call('GET', '/marketplaces')).json.data.at(-1)).toMatchObject({ name: 'Wildberries', logo });
    for (const url of ['http://shop.example', 'javascript:alert(1)', 'https://user:pass@shop.example', 'not a url']) {
      const res = await call('POST', '/admin/marketplaces', {
        token: admin,
        lang: 'en',
        body: { name: 'X', description: t3('d'), url, logo },
      });
      expect(res.status, url).toBe(422);
      expect(res.json.errors.url).toEqual(['Enter an address starting with https://']);
    }
    const foreignLogo = await call('POST', '/admin/marketplaces', {
      token: admin,
      body: { name: 'X', description: t3('d'), url: 'https://x.example', logo: '/marketplaces/taobao.svg' },
    });
    expect(Object.keys(foreignLogo.json.errors)).toEqual(['logo']);
  });
});

describe('admin statuses', () => {
  it('renaming shows to customers; deleting or re-coding is refused with the parcel count', async () => {
    const statuses = (await call('GET', '/admin/statuses', { token: admin })).json.data;
    expect(statuses.map((s: any) => s.code)).toEqual(['china_warehouse', 'in_transit', 'at_branch', 'delivered']);
    const first = statuses[0];
    const res = await call('PUT', `/admin/statuses/${first.id}`, {
      token: admin,
      body: { name: { kk: 'Қоймада', ru: 'На складе', en: 'In the warehouse' }, version: first.version },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ code: 'china_warehouse', version: first.version + 1, name: { en: 'In the warehouse' } });
    const customer = await registerCustomer(ctx);
    const pub = await call('GET', '/orders/statuses', { token: customer.token, lang: 'en' });
    expect(pub.json.data[0].name).toBe('In the warehouse');
    const [row] = await auditOf('order_status', first.id, 'status.rename');
    expect(row).toMatchObject({ before: { code: 'china_warehouse', name: first.name }, after: { name: { en: 'In the warehouse' } } });

    const recode = await call('PUT', `/admin/statuses/${first.id}`, {
      token: admin,
      body: { name: first.name, version: first.version + 1, code: 'lost' },
    });
    expect(recode.status).toBe(422);
    const del = await call('DELETE', `/admin/statuses/${first.id}`, { token: admin, lang: 'en' });
    expect(del.status).toBe(409);
    expect(del.json.code).toBe('status_locked');
    expect(del.json.message).toContain(`Parcels in this status now: ${first.orders_count}`);
    expect((await call('DELETE', '/admin/statuses/99999', { token: admin })).status).toBe(404);
    const stale = await call('PUT', `/admin/statuses/${first.id}`, { token: admin, body: { name: first.name, version: first.version } });
    expect(stale.status).toBe(409);
    const empty = await call('PUT', `/admin/statuses/${first.id}`, {
      token: admin,
      body: { name: { kk: 'a', ru: '', en: 'c' }, version: 2 },
    });
    expect(Object.keys(empty.json.errors)).toEqual(['name.ru']);
  });
});
