import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

/** Any script of the admin area (its layout, pages and texts chunks). */
const isAdminChunk = (url: string) => /\/assets\/(admin-|.*admin\.json|.*-admin-)/.test(url) || /features\/admin\//.test(url);

test.describe('admin area', () => {
  test('customers and staff see "no access" at /admin and never download its code; an admin gets the area from the profile', async ({ page, signInAs, newCustomer }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r.url());
    });
    const customer = await newCustomer();
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('token', t), customer.token);
    await page.goto('/admin');
    await expect(page.getByTestId('admin-no-access')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByTestId('entry-admin')).toHaveCount(0);

    await signInAs(DEMO.branchStaff, '/admin/users');
    await expect(page.getByTestId('admin-no-access')).toBeVisible();
    expect(scripts.filter(isAdminChunk), 'admin chunks loaded for a customer or staff member').toEqual([]);

    await signInAs(DEMO.admin, '/profile');
    await page.getByTestId('entry-admin').click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-area')).toBeVisible();
    await expect(page.getByTestId('admin-nav-users')).toBeVisible();
    expect(scripts.filter(isAdminChunk).length, 'the admin area is its own chunk').toBeGreaterThan(0);
  });
});
