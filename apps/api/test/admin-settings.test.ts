import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, roleTokens, type RoleTokens } from './admin-helpers';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { PNG_1x1, upload } from './manage-helpers';
import { svgProblem } from '../src/modules/settings/svg-check';

let ctx: TestContext;
let tokens: RoleTokens;
let call: ReturnType<typeof client>;
let admin: string;
const dataDir = mkdtempSync(join(tmpdir(), 'admin-settings-'));

beforeAll(async () => {
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
const SVG = (inner: string, attrs = '') =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`);
const LOGO_SVG = SVG(
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#f60"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>',
);

async function logo(bytes: Buffer, type = 'image/svg+xml', token = admin) {
  return upload(ctx, '/admin/settings/logo', token, [{ field: 'image', name: 'logo', type, bytes }]);
}

async function current() {
  const res = await call('GET', '/admin/settings', { token: admin });
  expect(res.status, res.body).toBe(200);
  return res.json.data;
}

function body(settings: any, over: Record<string, unknown> = {}) {
  const { version, ...rest } = settings;
  return { ...rest, version, ...over };
}

describe('admin settings', () => {
  it('role matrix: every settings call is for admins only', async () => {
    const now = await current();
    for (const [method, url, payload] of [
      ['GET', '/admin/settings'],
      ['PUT', '/admin/settings', body(now)],
    ] as const) {
      const res = await expectAdminOnly(ctx, tokens, method, url, payload);
      expect(res.status, res.body).toBe(200);
    }
    for (const role of ['customer', 'warehouse', 'branch'] as const)
      expect((await logo(LOGO_SVG, undefined, tokens[role])).status).toBe(403);
    expect((await upload(ctx, '/admin/settings/logo', '', [{ field: 'image', name: 'x', type: 'image/png', bytes: PNG_1x1 }])).status).toBe(
      401,
    );
  });

  it('saves name, logo, footer, terms and contacts; visitors see them with a new ETag; audited with what changed', async () => {
    const before = await call('GET', '/settings', { lang: 'kk' });
    const etag = before.headers.etag as string;
    expect(before.headers['cache-control']).toContain('max-age=60');
    const uploaded = await logo(LOGO_SVG);
    expect(uploaded.status).toBe(201);
    const png = await logo(PNG_1x1, 'image/png');
    expect(png.status).toBe(201);
    const now = await current();
    const saved = await call('PUT', '/admin/settings', {
      token: admin,
      body: body(now, {
        site_name: 'Steppe Express',
        logo: uploaded.json.data.url,
        footer_logo: png.json.data.url,
        footer_text: t3('Footer'),
        terms_text: t3('**Terms**\n\n- one\n- two'),
        privacy_text: t3('Privacy'),
        telegram_link: 'https://t.me/steppe',
      }),
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data.version).toBe(now.version + 1);

    const again = await call('GET', '/settings', { lang: 'kk', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect(again.json.data).toMatchObject({
      site_name: 'Steppe Express',
      logo: uploaded.json.data.url,
      footer_text: 'Footer kk',
      terms_of_use: '/terms',
      privacy_policy: '/privacy',
    });
    const terms = await call('GET', '/legal/terms', { lang: 'en' });
    expect(terms.json.data.text).toBe('**Terms**\n\n- one\n- two en');
    // The uploaded SVG is served as an image with a policy that runs nothing.
    const served = await ctx.app.inject({ method: 'GET', url: uploaded.json.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");

    const audit = await call('GET', '/admin/audit?filters[target_type]=settings&filters[action]=settings.update', { token: admin });
    const [row] = audit.json.data;
    expect(row.before).toMatchObject({ site_name: 'Orda Cargo', version: now.version });
    expect(row.after).toMatchObject({ site_name: 'Steppe Express', logo: uploaded.json.data.url, version: now.version + 1 });
    expect(row.after).not.toHaveProperty('email');
  });

  it('two admins save from the same version: the second gets 409 in their language and nothing of it is kept', async () => {
    const now = await current();
    const first = await call('PUT', '/admin/settings', { token: admin, body: body(now, { site_name: 'First' }) });
    expect(first.status).toBe(200);
    const second = await call('PUT', '/admin/settings', { token: admin, lang: 'ru', body: body(now, { site_name: 'Second' }) });
    expect(second.status).toBe(409);
    expect(second.json.message).toMatch(/кто-то другой/);
    expect((await current()).site_name).toBe('First');
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('PUT', '/admin/settings', { token: admin, body: body(first.json.data, { site_name: `Burst ${i}` }) }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('logos: PNG, WebP and plain SVG; a JPEG, a text, scripts, handlers, outside references or over 512 KB are refused', async () => {
    expect((await logo(WEBP, 'image/webp')).status).toBe(201);
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    const cases: [Buffer, number, string][] = [
      [jpeg, 422, 'logo_invalid'],
      [Buffer.from('hello'), 422, 'logo_invalid'],
      [SVG('<script>alert(1)</script>'), 422, 'svg_unsafe'],
      [SVG('<rect width="1" height="1"/>', ' onload="alert(1)"'), 422, 'svg_unsafe'],
      [SVG('<a href="https://evil.example"><rect width="1" height="1"/></a>'), 422, 'svg_unsafe'],
      [SVG('<image href="https://evil.example/x.png"/>'), 422, 'svg_unsafe'],
      [SVG('<use href="https://evil.example/s.svg#a"/>'), 422, 'svg_unsafe'],
      [SVG('<rect width="1" height="1" fill="url(https://evil.example/x)"/>'), 422, 'svg_unsafe'],
      [SVG('<rect width="1" height="1" style="fill:url(https://evil.example/x)"/>'), 422, 'svg_unsafe'],
      [SVG('<style>@import url(https://evil.example/x.css);</style>'), 422, 'svg_unsafe'],
      [SVG('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), 422, 'svg_unsafe'],
      [SVG('<set attributeName="href" to="javascript:alert(1)"/>'), 422, 'svg_unsafe'],
      [
        SVG('<rect width="1" height="1"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"'),
        422,
        'svg_unsafe',
      ],
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        ),
        422,
        'svg_unsafe',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 422, 'svg_unsafe'],
      [Buffer.from('<svg><rect width="1" height="1"/></svg>'), 422, 'svg_unsafe'],
      [Buffer.concat([PNG_1x1, Buffer.alloc(600 * 1024)]), 413, 'logo_too_large'],
    ];
    for (const [bytes, status, code] of cases) {
      const res = await logo(bytes);
      expect(res.status, bytes.subarray(0, 120).toString()).toBe(status);
      expect(res.json.code).toBe(code);
    }
    const kk = await upload(ctx, '/admin/settings/logo', admin, [
      { field: 'image', name: 'x', type: 'image/svg+xml', bytes: SVG('<script/>') },
    ]);
    expect(kk.json.message).toBeTruthy();
    // The checker on its own: a drawing passes, with Inkscape metadata too.
    expect(svgProblem(LOGO_SVG)).toBeNull();
    expect(
      svgProblem(SVG('<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata><circle r="2"/>')),
    ).toBeNull();
  });

  it('bad saves change nothing: foreign or missing logo, missing language, 1 MB text, bad links and tile address', async () => {
    const now = await current();
    const news = await upload(ctx, '/admin/uploads/news', admin, [{ field: 'image', name: 'x', type: 'image/png', bytes: PNG_1x1 }]);
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ logo: news.json.data.url }, 'logo'],
      [{ logo: '/uploads/logos/0123456789abcdef0123456789abcdef.png' }, 'logo'],
      [{ logo: 'https://evil.example/logo.svg' }, 'logo'],
      [{ footer_text: { kk: '', ru: 'Текст', en: 'Text' } }, 'footer_text.kk'],
      [{ privacy_text: { kk: 'Құпиялық', ru: '', en: 'Privacy' } }, 'privacy_text.ru'],
      [{ terms_text: { kk: 'x'.repeat(1_000_000), ru: 'a', en: 'a' } }, 'terms_text.kk', 413],
      [{ site_name: '' }, 'site_name'],
      [{ site_name: 'x'.repeat(61) }, 'site_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ instagram_link: 'javascript:alert(1)' }, 'instagram_link'],
      [{ map_tile_url: 'https://tiles.example/{z}/{x}.png' }, 'map_tile_url'],
      [{ map_tile_url: 'http://tiles.example/{z}/{x}/{y}.png' }, 'map_tile_url'],
      [{ phone: '<script>' }, 'phone'],
      [{ surprise: true }, ''],
    ];
    for (const [over, field, alt] of cases) {
      const res = await call('PUT', '/admin/settings', { token: admin, lang: 'en', body: body(now, over) });
      expect([422, alt ?? 422], `${JSON.stringify(over).slice(0, 80)}: ${res.body.slice(0, 200)}`).toContain(res.status);
      if (res.status === 422 && field) expect(Object.keys(res.json.errors ?? {})).toContain(field);
    }
    expect(await current()).toEqual(now);
  });
});
