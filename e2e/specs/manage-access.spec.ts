import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe('staff screens by place', () => {
  test('a customer gets no access to /manage @mobile', async ({ page, newCustomer }) => {
    const customer = await newCustomer();
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('token', t), customer.token);
    await page.goto('/manage');
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
    await expect(page.getByTestId('manage-page')).toHaveCount(0);
  });

  test('warehouse staff see warehouse works; branch staff see branch works; admins everything with a branch picker @desktop', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.warehouseStaff, '/manage');
    await expect(page.getByTestId('manage-page')).toHaveAttribute('data-work', 'receive');
    for (const w of ['receive', 'import', 'unclaimed', 'disputes', 'dispatch', 'find'])
      await expect(page.getByTestId(`work-${w}`)).toBeVisible();
    await expect(page.getByTestId('work-handover')).toHaveCount(0);

    await signInAs(DEMO.branchStaff, '/manage');
    await expect(page.getByTestId('manage-page')).toHaveAttribute('data-work', 'arrival');
    await expect(page.getByTestId('work-receive')).toHaveCount(0);
    await expect(page.getByTestId('work-handover')).toBeVisible();

    await signInAs(DEMO.admin, '/manage?work=handover');
    await expect(page.getByTestId('work-receive')).toBeAttached();
    await expect(page.getByTestId('manage-branch')).toBeVisible();
    // A forged QR is refused with a clear message.
    await page.getByTestId('handover-scan').fill('QR1.eyJhbGciOiJIUzI1NiJ9.e30.forged');
    await page.getByTestId('handover-scan').press('Enter');
    await expect(page.getByText('QR-код недействителен')).toBeVisible();
  });
});
