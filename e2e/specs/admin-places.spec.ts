import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { offline } from './content-helpers';

const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0a7"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>',
);

/** The demo carrier's name in any spelling (Orda Cargo, ORDA, orda-cargo.kz …), not the city Qyzylorda (a time zone). */
const OLD_NAME = /(?<!qyzyl)orda/i;

test.describe('admin places and settings', () => {
  test('@desktop an admin opens a branch with a tariff and renames the site with a new logo; a customer sees both, and no file the browser fetches names the old carrier', async ({
    page,
    browser,
    request,
    baseURL,
    context,
    signInAs,
    newCustomer,
  }) => {
    await offline(context, baseURL);
    const token = await apiLogin(request, DEMO.admin);
    const auth = { authorization: `Bearer ${token}` };
    const original = (await (await request.get('/api/admin/settings', { headers: auth })).json()).data;
    let branchId: number | null = null;
    try {
      // The branch: every text in three languages, coordinates picked on the map, a tariff.
      await signInAs(DEMO.admin, '/admin/branches');
      await page.getByTestId('branch-new').click();
      await expect(page.getByTestId('branch-form')).toBeVisible();
      for (const [field, text] of [
        ['name', 'Талдыкорган — Центр'],
        ['city', 'Талдыкорган'],
        ['address', 'ул. Тауелсиздик, 70'],
      ] as const) {
        for (const lang of ['kk', 'ru', 'en']) await page.getByTestId(`${field}-${lang}`).fill(`${text} ${lang}`);
      }
      await page.getByTestId('branch-map-picker').click({ position: { x: 300, y: 160 } });
      await expect(page.getByTestId('branch-latitude')).not.toHaveValue('');
      await page.getByTestId('branch-latitude').fill('45.0156');
      await page.getByTestId('branch-longitude').fill('78.3739');
      await page.getByTestId('branch-tariff').fill('1555');
      await page.getByTestId('branch-save').click();
      await expect(page.getByText('Филиал создан')).toBeVisible();
      branchId = Number(/\/admin\/branches\/(\d+)/.exec(page.url())![1]);

      // The settings: a new name, short name, description, contacts and an SVG logo.
      await page.goto('/admin/settings');
      await page.getByTestId('settings-site_name').fill('Steppe Cargo');
      await page.getByTestId('settings-short_name').fill('Steppe');
      const description = page.getByTestId('settings-description');
      for (const [i, text] of ['Steppe Cargo: Қытайдан', 'Steppe Cargo: из Китая', 'Steppe Cargo: from China'].entries())
        await description.locator('input, textarea').nth(i).fill(text);
      await page.getByTestId('settings-email').fill('help@steppe-cargo.kz');
      await page.getByTestId('settings-instagram_link').fill('https://instagram.com/steppe.cargo');
      await page.getByTestId('settings-telegram_link').fill('https://t.me/steppe_cargo');
      await page.getByTestId('settings-logo-file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
      await expect(page.getByTestId('settings-logo-preview')).toHaveAttribute('src', /^\/uploads\/logos\/[0-9a-f]{32}\.svg$/);
      await page.getByTestId('settings-save').click();
      await expect(page.getByText('Сохранено: посетители увидят в течение минуты')).toBeVisible();
      await expect(page.getByTestId('site-name')).toHaveText('Steppe Cargo');

      // A customer in a browser of their own: the new name and logo, the new branch with its tariff.
      const customer = await newCustomer();
      const other = await browser.newContext({
        baseURL,
        viewport: { width: 1280, height: 800 },
        extraHTTPHeaders: { 'x-forwarded-for': '10.211.0.7' },
      });
      await offline(other, baseURL);
      const visitor = await other.newPage();
      // Every file the browser fetches from the portal (page, scripts, styles, manifest, icons, service worker) and the
      // settings and legal answers: none may name the old carrier. (Branches' and the China warehouse's own rows are
      // the carrier's data, edited where they live.)
      const fetched: Promise<{ url: string; body: string }>[] = [];
      visitor.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && !/^\/api\/(settings|legal\/)/.test(url.pathname)) return;
        if (response.status() >= 300 && response.status() < 400) return;
        fetched.push(
          response.body().then(
            (body) => ({ url: response.url(), body: body.toString('utf8') }),
            () => ({ url: response.url(), body: '' }),
          ),
        );
      });
      await openSignedIn(visitor, customer.token, '/');
      await expect(visitor).toHaveTitle('Steppe Cargo');
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', 'Steppe Cargo: из Китая');
      // The manifest is linked 2 s after load; its icons are what an install fetches.
      await expect(visitor.locator('link[rel="manifest"]')).toHaveCount(1, { timeout: 10_000 });
      const manifestText = await (await visitor.request.get('/manifest.webmanifest')).text();
      fetched.push(Promise.resolve({ url: `${baseURL}/manifest.webmanifest`, body: manifestText }));
      const manifest = JSON.parse(manifestText);
      expect(manifest).toMatchObject({ name: 'Steppe Cargo', short_name: 'Steppe' });
      for (const icon of manifest.icons) {
        const png = await visitor.request.get(icon.src);
        expect(png.headers()['content-type']).toBe('image/png');
      }
      await visitor.goto('/terms');
      await expect(visitor.getByTestId('legal-terms')).toContainText('Steppe Cargo');
      await expect(visitor.getByTestId('legal-terms')).toContainText('help@steppe-cargo.kz');
      await visitor.goto('/legal/privacy.html');
      await expect(visitor.locator('header')).toContainText('Steppe Cargo');
      await visitor.goto('/sw.js');
      await visitor.waitForLoadState('networkidle');
      const files = await Promise.all(fetched);
      const kinds = new Set(files.map((f) => new URL(f.url).pathname.replace(/^\/assets\/.*\.(\w+)$/, 'asset.$1')));
      expect([...kinds]).toEqual(
        expect.arrayContaining([
          '/',
          'asset.js',
          'asset.css',
          '/api/settings',
          '/manifest.webmanifest',
          '/terms',
          '/api/legal/terms',
          '/sw.js',
        ]),
      );
      expect(files.filter((f) => OLD_NAME.test(f.body)).map((f) => f.url)).toEqual([]);

      await openSignedIn(visitor, customer.token, '/branches');
      await expect(visitor.getByTestId('site-name')).toHaveText('Steppe Cargo');
      await expect(visitor.locator('header img').first()).toHaveAttribute('src', /^\/uploads\/logos\//);
      const card = visitor.getByTestId('branch-list').getByTestId('branch-card').filter({ hasText: 'Талдыкорган — Центр ru' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('1 555 ₸/кг');
      await other.close();
    } finally {
      // Leave the shared server as the other specs expect it: the demo name and logo, the new branch closed.
      const now = (await (await request.get('/api/admin/settings', { headers: auth })).json()).data;
      await request.put('/api/admin/settings', { headers: auth, data: { ...original, version: now.version } });
      if (branchId) {
        const branch = (await (await request.get(`/api/admin/branches/${branchId}`, { headers: auth })).json()).data;
        await request.post(`/api/admin/branches/${branchId}/close`, { headers: auth, data: { version: branch.version } });
      }
    }
  });
});
