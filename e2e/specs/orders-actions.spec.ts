import { expect, openSignedIn, test } from '../support/fixtures';
import { expectToast, orderCard, parcelFor, uniqueCode } from './orders-helpers';

test.describe('order actions', () => {
  test('rename an order, archive a delivered one, find it in the archive and restore it @mobile', async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await newCustomer();
    const delivered = uniqueCode('ARC', testInfo.project.name);
    const moving = uniqueCode('MOV', testInfo.project.name);
    await parcelFor(request, customer, delivered, 'delivered', 'Куртка');
    await parcelFor(request, customer, moving, 'in_transit');

    await openSignedIn(page, customer.token, '/orders?tab=in_transit');
    const card = orderCard(page, moving);
    await expect(card).toContainText('Без названия');
    await expect(card).toContainText('1,25 кг');
    await expect(card).toContainText('По прибытии');
    await card.getByTestId('order-menu').click();
    // Only delivered orders can be archived.
    await expect(page.getByRole('menuitem', { name: 'В архив' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Переименовать' }).click();
    const sheet = page.getByRole('dialog', { name: 'Переименовать заказ' });
    await sheet.getByLabel('Название товара').fill('');
    await sheet.getByRole('button', { name: 'Сохранить' }).click();
    await expect(sheet.getByText('Это поле обязательно')).toBeVisible();
    await sheet.getByLabel('Название товара').fill('Зимние ботинки');
    await sheet.getByRole('button', { name: 'Сохранить' }).click();
    await expectToast(page, 'Сохранено');
    await expect(card.getByRole('heading')).toHaveText('Зимние ботинки');

    await page.getByRole('tab', { name: /Выдан/ }).click();
    const done = orderCard(page, delivered);
    await expect(done).toContainText('Куртка');
    await expect(done).toContainText('2 363 ₸');
    await done.getByTestId('order-menu').click();
    await page.getByRole('menuitem', { name: 'В архив' }).click();
    await expectToast(page, 'Заказ перенесён в архив');
    await expect(done).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Выдан/ })).toContainText('0');

    await page.getByRole('tab', { name: /Архив/ }).click();
    await expect(page.getByRole('tab', { name: /Архив/ })).toContainText('1');
    await expect(done).toBeVisible();
    await done.getByTestId('order-restore').click();
    await expectToast(page, 'Заказ снова в списке');
    await expect(page.getByRole('heading', { name: 'Архив пуст' })).toBeVisible();
  });

  test("an archive that fails says 'Failed to archive order' @desktop", async ({ page, request, newCustomer }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await newCustomer();
    const code = uniqueCode('ARF', testInfo.project.name);
    await parcelFor(request, customer, code, 'delivered');
    await openSignedIn(page, customer.token, '/orders?tab=delivered');
    await page.route('**/api/orders/*/archive', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'x', code: 'internal' }) }),
    );
    const card = orderCard(page, code);
    await card.getByTestId('order-menu').click();
    await page.getByRole('menuitem', { name: 'В архив' }).click();
    await expectToast(page, 'Не удалось архивировать заказ');
    await expect(card).toBeVisible();
  });
});
