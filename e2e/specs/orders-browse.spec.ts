import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

// The demo customer's parcels (read only here): every status, 12 delivered, 2 archived.
test.describe('browsing orders', () => {
  test('tabs per status with counts, 10 a page with load more, info and timeline with the title in the breadcrumb', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.customer, '/orders');
    const tabs = page.getByRole('tablist', { name: 'Статусы заказов' });
    for (const name of ['На складе в Китае', 'В пути', 'В пункте выдачи', 'Выдан', 'Архив'])
      await expect(tabs.getByRole('tab', { name: new RegExp(name) })).toBeVisible();
    await expect(tabs.getByRole('tab', { selected: true })).toContainText('На складе в Китае');

    await tabs.getByRole('tab', { name: /Выдан/ }).click();
    await expect(tabs.getByRole('tab', { name: /Выдан/ })).toContainText('12');
    await expect(page.getByTestId('order-card')).toHaveCount(10);
    await expect(page.getByTestId('orders-shown')).toHaveText('Показано 10 из 12');
    await page.getByTestId('load-more').click();
    await expect(page.getByTestId('order-card')).toHaveCount(12);
    await expect(page.getByTestId('load-more')).toHaveCount(0);

    await tabs.getByRole('tab', { name: /В пункте выдачи/ }).click();
    await expect(page).toHaveURL(/tab=at_branch/);
    const card = page.getByTestId('order-card').filter({ hasText: 'Рюкзак для ноутбука' });
    await expect(card).toContainText('0,92 кг');
    await expect(card).toContainText('1 739 ₸');
    await expect(card).toContainText('Бесплатное хранение до');

    // The timeline: steps done with dates, the one to come pending; the order's name ends the breadcrumb.
    await card.getByRole('link', { name: 'Где посылка?' }).click();
    await expect(page).toHaveURL(/\/orders\/status\?id=\d+$/);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Рюкзак для ноутбука');
    const steps = page.getByTestId('timeline-step');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(2)).toHaveAttribute('data-current', 'true');
    await expect(steps.nth(3)).toHaveAttribute('data-done', 'false');
    await expect(steps.nth(3)).toContainText('Ожидается');
    await expect(page.getByText('Прибыл в пункт выдачи')).toBeVisible();

    await page.getByRole('link', { name: 'Подробнее' }).click();
    await expect(page).toHaveURL(/\/orders\/order\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Рюкзак для ноутбука' })).toBeVisible();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Рюкзак для ноутбука');
    await expect(page.getByTestId('order-price')).toHaveText('1 739 ₸');
    // Photos by kind (ADR 081): two at receipt, one of damage at the branch, each a thumbnail that really loads.
    await expect(page.getByTestId('order-photos-intake').getByRole('img')).toHaveCount(2);
    await expect(page.getByTestId('order-photos-damage').getByRole('img')).toHaveCount(1);
    await expect(page.getByTestId('order-photos-damage')).toContainText('Повреждения');
    const thumbs = page.getByTestId('order-photos').getByRole('img');
    await expect(thumbs).toHaveCount(3);
    for (const img of await thumbs.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      await expect(img).toHaveAttribute('src', /^\/uploads\/parcels\/[0-9a-f]{32}-t\.webp\?exp=\d+&sig=/);
    }

    // Opened directly, the last crumb is the page's own label.
    await page.reload();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Заказ');

    // Someone else's or a missing order.
    await page.goto('/orders/order?id=999999');
    await expect(page.getByRole('heading', { name: 'Заказ не найден' })).toBeVisible();
  });
});
