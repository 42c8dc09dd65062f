import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { offline } from './content-helpers';

const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0a7"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>',
);

test.describe('admin places and settings', () => {
  test('@desktop an admin opens a branch with a tariff and renames the site with a new logo; a customer sees both', async ({
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

      // The settings: a new name and an SVG logo.
      await page.goto('/admin/settings');
      await page.getByTestId('settings-site_name').fill('Steppe Cargo');
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
