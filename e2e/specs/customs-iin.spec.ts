import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { DEMO } from '../support/env';

/**
 * Identity for customs (issue 36, ADR 084): where the branch's country needs an IIN, the customer is asked on the home
 * page; the profile refuses a wrong IIN as typed and keeps a right one, and the request is gone. The country's need is
 * set for everyone, so this runs with the shared-state journeys (playwright.config.ts), and is put back.
 */
test('customs: the customer adds an invalid, then a valid IIN; the banner goes @mobile', async ({ page, request, newCustomer }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const countries = (await (await request.get('/api/countries')).json()) as { data: { id: number; code: string }[] };
  const kz = countries.data.find((c) => c.code === 'KZ')!;
  const setNeed = async (customsId: string) =>
    expect(
      (
        await request.put(`/api/admin/countries/${kz.id}/customs`, {
          headers: { authorization: `Bearer ${admin}` },
          data: { customs_id: customsId },
        })
      ).status(),
    ).toBe(200);
  await setNeed('iin');
  try {
    const account = await newCustomer();
    await openSignedIn(page, account.token, '/');
    const banner = page.getByTestId('customs-banner');
    await expect(banner).toContainText('Укажите ИИН, чтобы посылки могли выехать из Китая');
    await banner.getByTestId('customs-banner-action').click();
    await expect(page).toHaveURL(/\/profile\/account#customs$/);

    const field = page.getByTestId('customs-iin');
    await field.fill('7910 2830 2729'); // spaces fall away as typed; the check digit is wrong
    await expect(field).toHaveValue('791028302729');
    await expect(page.getByText('Проверьте ИИН')).toBeVisible();
    await field.fill('791028302728');
    await expect(page.getByText('Проверьте ИИН')).toHaveCount(0);
    await page.getByTestId('customs-iin-save').click();
    await expect(page.getByText('Сохранено')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('customs-banner')).toHaveCount(0);
  } finally {
    await setNeed('none');
  }
});
