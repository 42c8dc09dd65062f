import { expect, openSignedIn, test } from '../support/fixtures';
import { expectToast, uniqueCode } from './orders-helpers';

test.describe('tracking codes', () => {
  test('add a tracking code, see it listed, delete it @mobile', async ({ page, newCustomer }, testInfo) => {
    const customer = await newCustomer();
    const code = uniqueCode('TRK', testInfo.project.name);
    await openSignedIn(page, customer.token, '/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible();

    // Typed the way people type it: lower case, grouped with spaces.
    await page.getByTestId('add-track').click();
    const sheet = page.getByRole('dialog', { name: 'Добавить трек-код' });
    await sheet.getByLabel('Трек-код').fill(`${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`);
    await sheet.getByLabel('Что внутри (необязательно)').fill('Кроссовки');
    await sheet.getByRole('button', { name: 'Сохранить код' }).click();
    await expectToast(page, 'Трек-код сохранён');
    await expect(sheet).toBeHidden();

    await page.getByTestId('to-tracks').click();
    await expect(page).toHaveURL(/\/orders\/tracks$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Треки');
    const row = page.locator(`[data-testid=saved-track][data-track-code="${code}"]`);
    await expect(row).toContainText('Кроссовки');
    await expect(row).toContainText('Ждём на складе');

    // The same code again is refused under the field.
    const form = page.getByTestId('save-track-form');
    await form.getByLabel('Трек-код').fill(code);
    await form.getByRole('button', { name: 'Сохранить код' }).click();
    await expect(form.getByText('Этот трек-код уже сохранён')).toBeVisible();
    await form.getByLabel('Трек-код').fill('ab1');
    await form.getByRole('button', { name: 'Сохранить код' }).click();
    await expect(form.getByText('Трек-код — это от 5 до 40 латинских букв и цифр')).toBeVisible();

    await row.getByTestId('delete-track').click();
    await page.getByRole('dialog', { name: 'Удалить трек-код?' }).getByTestId('confirm-delete-track').click();
    await expectToast(page, 'Трек-код удалён');
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Сохранённых кодов пока нет' })).toBeVisible();
  });

  test("a delete that fails says 'Failed to delete track code' and keeps the code @desktop", async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    const customer = await newCustomer();
    const code = uniqueCode('DEL', testInfo.project.name);
    await request.post('/api/save-track', { headers: { authorization: `Bearer ${customer.token}` }, data: { track_code: code } });
    await openSignedIn(page, customer.token, '/orders/tracks');
    const row = page.locator(`[data-testid=saved-track][data-track-code="${code}"]`);
    await expect(row).toBeVisible();
    await page.route('**/api/saved-tracks/*/delete', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'x', code: 'internal' }) }),
    );
    await row.getByTestId('delete-track').click();
    await page.getByTestId('confirm-delete-track').click();
    await expectToast(page, 'Не удалось удалить трек-код');
    await expect(row).toBeVisible();
  });

  test('the home track box finds nothing, offers to save the code, then finds it saved @desktop', async ({
    page,
    newCustomer,
  }, testInfo) => {
    const customer = await newCustomer();
    const code = uniqueCode('HOME', testInfo.project.name);
    await openSignedIn(page, customer.token, '/');
    const box = page.getByTestId('track-box');
    await box.getByPlaceholder('Введите трек-код').fill(code);
    await box.getByRole('button', { name: 'Найти' }).click();
    const result = box.getByTestId('track-result');
    await expect(result).toHaveAttribute('data-found', 'none');
    await expect(result).toContainText('Среди ваших посылок пока нет');
    await result.getByTestId('track-result-save').click();
    await expectToast(page, 'Трек-код сохранён');
    await expect(result).toHaveAttribute('data-found', 'saved_track');
    await expect(result).toContainText('Ждём, когда посылку примет наш склад');
  });

  test("paste a marketplace order list: preview the codes, save all, see each line's result @mobile", async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    const customer = await newCustomer();
    const a = uniqueCode('BLKA', testInfo.project.name);
    const b = uniqueCode('BLKB', testInfo.project.name);
    const mine = uniqueCode('BLKC', testInfo.project.name);
    await request.post('/api/save-track', { headers: { authorization: `Bearer ${customer.token}` }, data: { track_code: mine } });
    await openSignedIn(page, customer.token, '/orders/tracks');
    await page.getByTestId('track-mode-toggle').click();
    const form = page.getByTestId('bulk-track-form');
    await form
      .getByLabel('Трек-коды, по одному в строке')
      .fill([`12.11.2026\tКроссовки\t${a}\t2 шт`, `${b.toLowerCase()}, ${mine}`, 'просто текст'].join('\n'));
    await expect(form.getByTestId('bulk-preview')).toContainText(a);
    await expect(form).toContainText('Найдено кодов: 3');
    await form.getByRole('button', { name: 'Сохранить все (3)' }).click();
    const results = page.getByTestId('bulk-results');
    await expect(results).toContainText('Сохранено 2 из 3');
    await expect(results.locator(`[data-result=saved]`)).toHaveCount(2);
    await expect(results.locator(`[data-result=already_yours]`)).toContainText(mine);
    for (const code of [a, b]) await expect(page.locator(`[data-testid=saved-track][data-track-code="${code}"]`)).toBeVisible();
  });
});
