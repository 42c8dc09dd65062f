import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { visibleBadge } from './orders-helpers';

test.describe('live notifications', () => {
  test("the customer's badge and list move without a reload when staff receive their parcel in another browser @mobile", async ({
    page,
    browser,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await newCustomer();
    const code = `LIVE${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'mobile' ? 'M' : 'D'}`;
    await request.post('/api/save-track', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { track_code: code, name: 'Кроссовки' },
    });

    // The customer's portal is open on the notifications page; nothing unread yet.
    await openSignedIn(page, customer.token, '/notification');
    await page.getByTestId('group-orders').waitFor();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await expect(visibleBadge(page)).toHaveCount(0);

    // Warehouse staff, in their own browser, receive the parcel.
    const staffCtx = await browser.newContext({
      baseURL: BASE_URL,
      viewport: page.viewportSize() ?? { width: 1280, height: 800 },
      locale: 'ru-RU',
      extraHTTPHeaders: { 'x-forwarded-for': '10.78.1.1' },
    });
    const staff = await staffCtx.newPage();
    await openSignedIn(staff, await apiLogin(request, DEMO.warehouseStaff), '/manage?work=receive');
    await staff.getByTestId('receive-code').click();
    await staff.keyboard.type(code, { delay: 5 });
    await staff.keyboard.press('Enter');
    await expect(staff.getByTestId('receive-weight')).toBeFocused();
    await staff.keyboard.type('1,25');
    await staff.keyboard.press('Enter');
    await expect(staff.getByTestId('receive-results').locator('li').first()).toContainText(code);
    const receivedAt = Date.now();

    // Within 2 seconds, same page, no reload: the badge says 1 and the orders group shows the message.
    await expect(visibleBadge(page)).toHaveText('1', { timeout: 2_000 });
    expect(Date.now() - receivedAt).toBeLessThan(2_000);
    await expect(page.getByTestId('group-orders').getByTestId('group-unread')).toHaveText('1');
    await expect(page.getByTestId('group-orders')).toContainText('Посылка принята на складе в Китае');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await staffCtx.close();
  });
});
