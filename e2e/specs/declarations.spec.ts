import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { scanInto, shot, staffPage } from '../support/staff-page';
import { expectToast, uniqueCode } from './orders-helpers';

/**
 * Declarations (issue 36, ADR 086), one journey: the customer lists two items while saving a code; the warehouse
 * corrects a line at receipt; the customer sees the correction, declares a value, insures it and sees the premium
 * (3 % at the demo branch) before saving it.
 */
test.describe('declarations', () => {
  test('items with the code → corrected at receipt → the customer sees it, insures it, sees the premium @mobile', async ({
    page,
    browser,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(150_000);
    const customer = await newCustomer();
    const code = uniqueCode('DCL', testInfo.project.name);

    // Saving the code with two items listed under it.
    await openSignedIn(page, customer.token, '/orders/tracks');
    const form = page.getByTestId('save-track-form');
    await form.getByLabel('Трек-код').fill(code);
    await form.getByText('Перечислить вещи для таможни (необязательно)').click();
    const lines = form.getByTestId('track-line');
    await lines.nth(0).getByLabel('Описание').fill('Кроссовки');
    await lines.nth(0).getByLabel('Кол-во').fill('2');
    await lines.nth(0).getByLabel('Цена за штуку').fill('150');
    await lines.nth(0).getByLabel('Ссылка на маркетплейс').fill('item.taobao.com/1');
    await expect(lines.nth(0)).toContainText('должна начинаться с http');
    await lines.nth(0).getByLabel('Ссылка на маркетплейс').fill('https://item.taobao.com/item.htm?id=1');
    await expect(lines.nth(0)).toContainText('Ссылка в порядке');
    await form.getByTestId('track-add').click();
    await lines.nth(1).getByLabel('Описание').fill('Кепка');
    await lines.nth(1).getByLabel('Цена за штуку').fill('12,5');
    await lines.nth(1).getByLabel('Валюта').selectOption('USD');
    await expect(form.getByTestId('decl-totals')).toContainText('300');
    await form.getByRole('button', { name: 'Сохранить код' }).click();
    await expectToast(page, 'Трек-код сохранён');
    await expect(page.locator(`[data-testid=saved-track][data-track-code="${code}"]`)).toBeVisible();

    // The warehouse receives it and sees the lines with the parcel; corrects the first one's quantity.
    const warehouse = await staffPage(browser, page, '10.77.2.1', '/manage?work=receive', await apiLogin(request, DEMO.warehouseStaff));
    await scanInto(warehouse, 'receive-code', code);
    await warehouse.keyboard.type('1,5');
    await warehouse.keyboard.press('Enter');
    const panel = warehouse.getByTestId('parcel-declaration');
    await expect(panel.getByTestId('staff-line')).toHaveCount(2);
    await panel.getByTestId('staff-line').nth(0).getByLabel('Кол-во').fill('3');
    await panel.getByTestId('staff-declaration-save').click();
    await expect(panel).toContainText('Содержимое сохранено');
    await shot(warehouse, 'declaration-staff');
    await warehouse.context().close();

    // The customer sees the correction on the parcel page, declares a value and insures it.
    await page.goto('/orders/tracks');
    const id = (
      await (await request.get('/api/saved-tracks', { headers: { authorization: `Bearer ${customer.token}` } })).json()
    ).data.find((t: { track_code: string }) => t.track_code === code).order.id as number;
    await page.goto(`/orders/order?id=${id}`);
    const decl = page.getByTestId('declaration');
    await expect(decl.getByTestId('declaration-corrected')).toBeVisible();
    await expect(decl.getByTestId('decl-line').nth(0).getByLabel('Кол-во')).toHaveValue('3');
    await expect(decl.getByTestId('decl-totals')).toContainText('450');
    await expect(decl.getByTestId('uninsured-limit')).toBeVisible();
    await decl.getByTestId('declared-value').fill('20000');
    await decl.getByRole('switch').click();
    // 3 % of 20 000 ₸, quoted by the contract's rule as typed.
    await expect(decl.getByTestId('premium')).toContainText(/600\s?₸/);
    await decl.getByTestId('declaration-save').click();
    await expectToast(page, 'Содержимое сохранено');
    await page.reload();
    await expect(page.getByTestId('declaration').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('declaration').getByTestId('premium')).toContainText(/600\s?₸/);
    await shot(page, 'declaration-customer');
  });
});
