import { expect, openSignedIn, test } from '../support/fixtures';
import { parcelFor, uniqueCode, visibleBadge } from './orders-helpers';

test.describe('notifications', () => {
  test('status changes notify the customer; opening the group reads them and the badge drops @desktop', async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await newCustomer();
    const code = uniqueCode('NTF', testInfo.project.name);
    // Received, then dispatched: two notifications about this parcel.
    await parcelFor(request, customer, code, 'in_transit', 'Лампа');

    await openSignedIn(page, customer.token, '/notification');
    await expect(visibleBadge(page)).toHaveText('2');
    const group = page.getByTestId('group-orders');
    await expect(group.getByTestId('group-unread')).toHaveText('2');
    await expect(group).toContainText('Посылка в пути');

    await group.click();
    await expect(page).toHaveURL(/\/notification\/orders$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Заказы');
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toHaveAttribute('data-fresh', 'true');
    await expect(items.first()).toContainText('Лампа');
    // Read as it opened: the badge is gone at once.
    await expect(visibleBadge(page)).toHaveCount(0);

    // The notification leads to the order.
    await items.first().getByRole('link', { name: 'Открыть' }).click();
    await expect(page).toHaveURL(/\/orders\/order\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Лампа' })).toBeVisible();

    await page.goto('/notification');
    await expect(page.getByTestId('group-orders').getByTestId('group-unread')).toHaveCount(0);
    await expect(page.getByText('Вы всё прочитали.')).toBeVisible();
  });
});
