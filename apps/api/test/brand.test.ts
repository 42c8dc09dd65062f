import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/contract';
import { iconUrl, renderIndexHtml } from '../src/modules/brand/brand-page';
import { createTelegramService } from '../src/modules/notifications/telegram-service';
import { senderBrand } from '../src/modules/settings/sender-brand';
import { roleTokens } from './admin-helpers';
import { client, createTestApp, newPhone, registerCustomer, type TestContext } from './helpers';
import { upload } from './manage-helpers';

/** The demo carrier's name in any spelling (Orda Cargo, ORDA, orda-cargo.kz, orda_cargo …), not the city Qyzylorda. */
const OLD_NAME = /(?<!qyzyl)orda/i;
const WEB = join(__dirname, '../../web');

let ctx: TestContext;
let call: ReturnType<typeof client>;
let admin: string;
const dataDir = mkdtempSync(join(tmpdir(), 'brand-'));

beforeAll(async () => {
  // The web app as the API serves it: the real index.html (its title, description, icons and loading screen) and logo.
  const dist = join(dataDir, 'web');
  mkdirSync(join(dist, 'brand'), { recursive: true });
  copyFileSync(join(WEB, 'index.html'), join(dist, 'index.html'));
  copyFileSync(join(WEB, 'public/brand/logo.svg'), join(dist, 'brand/logo.svg'));
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"stale"}');
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: dist } });
  call = client(ctx.app);
  admin = (await roleTokens(ctx, (await registerCustomer(ctx)).token)).admin;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, lang = 'ru', accept = 'text/html') =>
  ctx.app.inject({ method: 'GET', url, headers: { accept, 'accept-language': lang } });

/** A 300 px logo, teal with a white middle, so an icon made of it can be told apart from anything else. */
async function logoPng(): Promise<Buffer> {
  const middle = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 300, channels: 4, background: '#0f9d8a' } })
    .composite([{ input: middle, gravity: 'centre' }])
    .png()
    .toBuffer();
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

async function rename() {
  const uploaded = await upload(ctx, '/admin/settings/logo', admin, [
    { field: 'image', name: 'logo.png', type: 'image/png', bytes: await logoPng() },
  ]);
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
  const current = (await call('GET', '/admin/settings', { token: admin })).json.data;
  const saved = await call('PUT', '/admin/settings', {
    token: admin,
    body: {
      ...current,
      site_name: 'Steppe Post',
      short_name: 'Steppe',
      description: { kk: 'Steppe Post: Қытайдан сәлемдемелер', ru: 'Steppe Post: посылки из Китая', en: 'Steppe Post: parcels from China' },
      logo: uploaded.json.data.url,
      footer_logo: uploaded.json.data.url,
      email: 'help@steppe-post.kz',
      instagram_link: 'https://instagram.com/steppe.post',
      telegram_link: 'https://t.me/steppe_post',
    },
  });
  expect(saved.status, saved.body).toBe(200);
  return uploaded.json.data.url as string;
}

describe('the carrier’s brand everywhere (issue 30)', () => {
  it('before a rename, the page and the manifest carry the settings’ name, not the build’s', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Orda Cargo</title>');
    expect(page.body).toMatch(/<meta name="description" content="Доставка товаров из Китая[^"]*"/);
    const manifest = JSON.parse((await get('/manifest.webmanifest', 'en', '*/*')).body);
    expect(manifest).toMatchObject({ name: 'Orda Cargo', short_name: 'Orda Cargo', lang: 'en', start_url: '/' });
    expect(manifest.description).toMatch(/^Parcels from China/);
  });

  it('after an admin renames the carrier and uploads a logo, no served page, manifest, icon address, legal text or message names the old one', async () => {
    const logo = await rename();

    // index.html in every language: the title, description, home-screen title, icons, loading screen and the data the app starts with.
    for (const lang of LANGUAGES) {
      const page = await get('/orders', lang);
      expect(page.statusCode).toBe(200);
      expect(page.body, lang).not.toMatch(OLD_NAME);
      expect(page.body).toContain('<title>Steppe Post</title>');
      expect(page.body).toContain('<meta name="apple-mobile-web-app-title" content="Steppe" />');
      expect(page.body).toContain(`<link rel="icon" href="${logo}" />`);
      expect(page.body).toContain(`<link rel="apple-touch-icon" href="${iconUrl('apple-touch-icon', { logo })}" />`);
      expect(page.body).toContain(`<img class="app-loading-logo" src="${logo}" alt="" width="60" height="60" />`);
      expect(page.body).toContain(
        `<script type="application/json" id="portal-brand">{"site_name":"Steppe Post","logo":"${logo}"}</script>`,
      );
      expect(page.headers.vary).toContain('Accept-Language');
    }
    expect((await get('/', 'en')).body).toContain('<meta name="description" content="Steppe Post: parcels from China" />');
    // An unknown page is the same app (404), and so is a malformed address.
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Steppe Post</title>');
    expect((await get('/%')).body).not.toMatch(OLD_NAME);

    // The installed app: name, short name, description and icons made from the uploaded logo.
    for (const lang of LANGUAGES) {
      const res = await get('/manifest.webmanifest', lang, '*/*');
      expect(res.headers['content-type']).toContain('application/manifest+json');
      expect(res.body).not.toMatch(OLD_NAME);
      const manifest = JSON.parse(res.body);
      expect(manifest).toMatchObject({ name: 'Steppe Post', short_name: 'Steppe', lang });
      expect(manifest.description).toMatch(/^Steppe Post: /);
      expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) expect(icon.src).toMatch(new RegExp(`^/app-icons/[a-z0-9-]+\\.png\\?v=`));
    }
    const manifest = JSON.parse((await get('/manifest.webmanifest', 'ru', '*/*')).body);
    for (const [i, size] of [
      [0, 192],
      [1, 512],
      [2, 512],
    ] as const) {
      const res = await get(manifest.icons[i].src, 'ru', 'image/*');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      // The logo's white middle at the centre, its teal near the edge (the maskable one keeps it inside the safe zone).
      expect((await pixel(png, size / 2, size / 2)).slice(0, 3)).toEqual([255, 255, 255]);
      const edge = i === 2 ? Math.round(size * 0.25) : 4;
      expect((await pixel(png, edge, size / 2)).slice(0, 3)).toEqual([15, 157, 138]);
    }
    const favicon = await get('/favicon.ico', 'ru', 'image/*');
    expect((await sharp(favicon.rawPayload).metadata()).width).toBe(48);

    // The settings and the legal documents, in the app (API) and as standalone pages, in every language.
    for (const lang of LANGUAGES) {
      const settings = await call('GET', '/settings', { lang });
      expect(settings.json.data).toMatchObject({ site_name: 'Steppe Post', short_name: 'Steppe', terms_of_use: '/terms' });
      expect(settings.body).not.toMatch(OLD_NAME);
      for (const doc of ['terms', 'privacy']) {
        const legal = await call('GET', `/legal/${doc}`, { lang });
        expect(legal.status).toBe(200);
        expect(legal.body, `${doc} ${lang}`).not.toMatch(OLD_NAME);
        expect(legal.json.data.text).toContain('Steppe Post');
        expect(legal.json.data.text).toContain('help@steppe-post.kz');
        const html = await get(`/legal/${doc}.html`, lang);
        expect(html.statusCode).toBe(200);
        expect(html.body).not.toMatch(OLD_NAME);
        expect(html.body).toContain('Steppe Post');
      }
    }

    // Texts sent to people after the rename: SMS codes, the Telegram bot's replies, the push message's icon.
    for (const lang of LANGUAGES) {
      const phone = newPhone();
      const sent = await call('POST', '/auth/send-code', { body: { phone_number: phone }, lang });
      expect(sent.status).toBe(200);
      const sms = ctx.sms.sent.find((m) => m.to === phone)!;
      expect(sms.text).toContain('Steppe Post');
      expect(sms.text).not.toMatch(OLD_NAME);
    }
    const bot = createTelegramService({
      db: ctx.database.db,
      cfg: { token: '1:test', apiUrl: 'http://127.0.0.1:9', webhookSecret: 'x'.repeat(16) },
      publicUrl: 'https://portal.example',
    });
    for (const [text, lang] of [
      ['/start', 'ru'],
      ['/start', 'kk'],
      ['hello', 'en'],
      ['/start not-a-token', 'en'],
      ['/stop', 'ru'],
    ] as const) {
      const reply = await bot.handleUpdate({
        update_id: 1,
        message: { message_id: 1, text, chat: { id: 5, type: 'private' }, from: { id: 5, language_code: lang } },
      });
      expect(JSON.stringify(reply)).not.toMatch(OLD_NAME);
    }
    const welcome = await bot.handleUpdate({
      update_id: 2,
      message: { message_id: 2, text: '/start', chat: { id: 5, type: 'private' }, from: { id: 5, language_code: 'en' } },
    });
    expect(String(welcome?.text)).toContain('This Steppe bot');
    // The customer's QR code: a camera app shows its text, which names no carrier.
    const customer = await registerCustomer(ctx);
    const qr = await call('GET', '/qr', { token: customer.token });
    expect(qr.status).toBe(200);
    expect(qr.json.data.token).toMatch(/^QR1\./);
    expect(qr.body).not.toMatch(OLD_NAME);
    const sender = await senderBrand(ctx.database.db);
    expect(sender).toEqual({ name: 'Steppe', logo });
    expect(iconUrl('icon-192', sender)).toBe(manifest.icons[0].src);
  });

  it('the page answers 304 to its ETag, and a new save is a new page', async () => {
    const first = await get('/');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const current = (await call('GET', '/admin/settings', { token: admin })).json.data;
    expect((await call('PUT', '/admin/settings', { token: admin, body: { ...current, site_name: 'Steppe Post Two' } })).status).toBe(200);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<title>Steppe Post Two</title>');
  });

  it('the short name and description are checked: too long is 422 naming the field, a missing language names it', async () => {
    const current = (await call('GET', '/admin/settings', { token: admin })).json.data;
    const long = await call('PUT', '/admin/settings', { token: admin, lang: 'en', body: { ...current, short_name: 'x'.repeat(31) } });
    expect(long.status).toBe(422);
    expect(Object.keys(long.json.errors ?? long.json.fields ?? {})).toContain('short_name');
    const missing = await call('PUT', '/admin/settings', {
      token: admin,
      lang: 'en',
      body: { ...current, description: { ...current.description, kk: '' } },
    });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.json)).toContain('description.kk');
  });
});

describe('renderIndexHtml', () => {
  const brand = { site_name: 'A & "B" <C>', short_name: 'AB', description: 'd</title><script>x</script>', logo: '/uploads/logos/x.png' };
  it('escapes every value, and the data block cannot be closed from inside', () => {
    const html = renderIndexHtml(readFileSync(join(WEB, 'index.html'), 'utf8'), {
      ...brand,
      site_name: 'x</script><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('"site_name":"x\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"');
    const plain = renderIndexHtml('<title></title><meta name="description" content="" /></head>', brand);
    expect(plain).toContain('<title>A &amp; &quot;B&quot; &lt;C&gt;</title>');
    expect(plain).toContain('content="d&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('replaces the loading screen’s inline logo of the build with the uploaded one, and keeps it when the logo is the build’s', () => {
    const built = '<div id="root"><svg class="app-loading-logo" width="60" height="60" aria-hidden="true"><rect/></svg></div></head>';
    expect(renderIndexHtml(built, brand)).toContain(
      '<div id="root"><img class="app-loading-logo" src="/uploads/logos/x.png" alt="" width="60" height="60" /></div>',
    );
    expect(renderIndexHtml(built, { ...brand, logo: '/brand/logo.svg' })).toContain('<svg class="app-loading-logo"');
  });
});
