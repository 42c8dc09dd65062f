import { expect, openSignedIn, test } from '../support/fixtures';

const SCREENS = process.env.SCREENS_DIR;

test.describe('notification channels in the profile', () => {
  test('the profile leads to the channels; SMS is connected, Telegram and push are not; a switch turned off stays off after a reload @mobile', async ({
    page,
    newCustomer,
  }, testInfo) => {
    const customer = await newCustomer();
    await openSignedIn(page, customer.token, '/profile');
    await page.getByTestId('entry-notifications').click();
    await expect(page).toHaveURL(/\/profile\/notifications$/);
    const settings = page.getByTestId('notification-settings');
    await expect(settings.getByRole('heading', { level: 1, name: 'Каналы уведомлений' })).toBeVisible();
    await expect(page.getByTestId('channel-sms')).toHaveAttribute('data-status', 'linked');
    await expect(page.getByTestId('channel-telegram')).toHaveAttribute('data-status', 'not_linked');
    await expect(page.getByTestId('channel-push')).toHaveAttribute('data-status', 'not_linked');

    // Defaults: SMS when the parcel waits at the branch, not when it is dispatched.
    const atBranchSms = page.getByRole('switch', { name: 'Прибыла в пункт (с ценой): SMS' });
    await expect(atBranchSms).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'Отправлена: SMS' })).toHaveAttribute('aria-checked', 'false');
    if (SCREENS) {
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        await page.screenshot({ path: `${SCREENS}/profile-channels-${testInfo.project.name}-${theme}.png`, fullPage: true });
      }
    }
    await atBranchSms.click();
    await expect(atBranchSms).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Прибыла в пункт (с ценой): SMS' })).toHaveAttribute('aria-checked', 'false');
  });
});
