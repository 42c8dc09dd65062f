import { DEMO } from '../support/env';
import { shot } from '../support/staff-page';
import { expect, test } from '../support/fixtures';

// Issue 36 (ADR 087): the demo customer's down jacket in transit is declared at 1 899 CNY (seed/demo-duties.ts), about
// 241 EUR at the demo's NBK rates: over the 200 EUR of the EAEU rule, its page warns with the estimated duty.
test.describe('duty-free limit', () => {
  test('a parcel with items over 200 EUR shows the warning and the estimated duty @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/orders');
    const card = page.getByTestId('duty-limit-card');
    await expect(card).toContainText('Беспошлинный лимит');
    await expect(card).toContainText('Без пошлины до 200 EUR и 31 кг на посылку');
    await shot(page, 'duty-orders-card');

    await page
      .getByRole('tablist', { name: 'Статусы заказов' })
      .getByRole('tab', { name: /В пути/ })
      .click();
    await page.getByTestId('order-card').filter({ hasText: 'Пуховик Bosideng' }).getByRole('link', { name: 'Подробнее' }).click();
    const notice = page.getByTestId('duty-limit-notice');
    // 1 899 CNY × 65.12 / 512.30 = 241.39 EUR; 15 % of 41.39 EUR = 6.21 EUR = 3 181 ₸.
    await expect(notice.getByTestId('duty-used')).toHaveText('Использовано 241,39 EUR из 200 EUR этой посылкой');
    await expect(notice.getByTestId('duty-warning')).toHaveText(
      'Эта посылка превышает беспошлинный лимит. Ориентировочная пошлина: 3 181 ₸ (6,21 EUR), оплачивается на таможне',
    );
    await expect(notice.getByTestId('duty-rates-day')).toContainText('Пересчёт по курсам Национального банка Казахстана на');
    await notice.scrollIntoViewIfNeeded();
    await shot(page, 'duty-notice');
  });
});
