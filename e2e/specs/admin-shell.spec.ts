import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';

/** Any script of the admin area (its layout, pages and texts chunks). */
const isAdminChunk = (url: string) => /\/assets\/(admin-|.*admin\.json|.*-admin-)/.test(url) || /features\/admin\//.test(url);

test.describe('admin area', () => {
  test('customers and staff see "no access" at /admin and never download its code; an admin gets the area from the profile @desktop', async ({
    page,
    signInAs,
    newCustomer,
  }) => {
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

test.describe('admin users', () => {
  test('an admin finds a registered customer, makes them staff of a branch (audited); they reach /manage at that branch @desktop', async ({
    page,
    request,
    signInAs,
    newCustomer,
  }) => {
    const customer = await newCustomer();
    await signInAs(DEMO.admin, '/admin/users');
    await page.getByTestId('users-search').fill(customer.phone.slice(-7));
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.getByTestId('user-row').getByRole('link').click();
    await expect(page.getByTestId('admin-user')).toBeVisible();
    await page.getByTestId('user-role').selectOption('staff');
    await page.getByTestId('user-place').selectOption('branch');
    const branch = page.getByTestId('user-branch');
    await expect(branch.locator('option').nth(1)).toBeAttached();
    const branchName = (await branch.locator('option').nth(1).textContent())!.trim();
    await branch.selectOption({ index: 1 });
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('user-saved')).toBeVisible();

    await page.goto('/admin/audit');
    await page.getByTestId('audit-action').fill('user.update');
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page.getByTestId('audit-row').first()).toContainText('"staff"');

    await openSignedIn(page, await apiLogin(request, customer.phone, customer.password), '/manage');
    await expect(page.getByTestId('manage-page')).toBeVisible();
    await expect(page.getByText(branchName).first()).toBeVisible();
  });
});
