import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';

/** A second person's browser: same screen size as this project, own storage and own client address. */
async function personContext(browser: Browser, page: Page, address: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: BASE_URL,
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
}

/** Types a code the way a hand scanner does: characters, then Enter, into the focused scanner field. */
async function scan(page: Page, testId: string, code: string) {
  const field = page.getByTestId(testId);
  await field.click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test.describe('staff operations: the life of a parcel', () => {
  test('customer saves a code → warehouse receives, dispatches → branch receives → QR hand-over → customer sees delivered and the receipt @desktop', async ({
    page,
    browser,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(180_000);
    const customer = await newCustomer();
    const code = `E2E${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'mobile' ? 'M' : 'D'}`;
    // New customers pick up at the demo branch Almaty — Tole Bi: 1 890 ₸ per kg, so 1,25 kg is 2 362,5 ₸, charged in
    // whole tenge: 2 363 ₸ (ADR 072).
    const price = /2\s?363(?![,.]\d)/;

    // The customer saves the tracking code in their portal.
    await openSignedIn(page, customer.token, '/orders/tracks');
    const form = page.getByTestId('save-track-form');
    await form.getByLabel('Трек-код').fill(code.toLowerCase());
    await form.getByLabel('Трек-код').press('Enter');
    await expect(page.locator(`[data-testid=saved-track][data-track-code="${code}"]`)).toBeVisible();

    // Warehouse staff, in their own browser, receive it with a weight (scanner + keyboard only).
    const warehouseCtx = await personContext(browser, page, '10.77.1.1');
    const warehouse = await warehouseCtx.newPage();
    await openSignedIn(warehouse, await apiLogin(request, DEMO.warehouseStaff), '/manage?work=receive');
    await expect(warehouse.getByTestId('manage-page')).toBeVisible();
    await scan(warehouse, 'receive-code', code.toLowerCase());
    await expect(warehouse.getByTestId('receive-weight')).toBeFocused();
    await warehouse.keyboard.type('1,25');
    await warehouse.keyboard.press('Enter');
    const received = warehouse.getByTestId('receive-results').locator('li').first();
    await expect(received).toContainText(code);
    await expect(received).toContainText(customer.lastName);
    await expect(warehouse.getByTestId('receive-code')).toBeFocused();

    // The customer sees the parcel at the China warehouse, and a new notification.
    await page.goto('/orders');
    await expect(page.getByTestId('order-card').filter({ hasText: code })).toBeVisible();
    await expect(page.locator('[data-testid=unread-badge]:visible').first()).toBeVisible();

    // Warehouse staff dispatch it by scanning it onto the truck.
    await warehouse.getByTestId('work-dispatch').click();
    await scan(warehouse, 'dispatch-scan', code);
    await expect(warehouse.getByTestId('dispatch-log').locator(`li[data-code="${code}"]`)).toHaveAttribute('data-outcome', 'moved');

    // Branch staff receive it at their branch: it gets its price.
    const branchCtx = await personContext(browser, page, '10.77.2.2');
    const branch = await branchCtx.newPage();
    await openSignedIn(branch, await apiLogin(request, DEMO.branchStaff), '/manage?work=arrival');
    await expect(branch.getByTestId('arrival-scan')).toBeFocused();
    await scan(branch, 'arrival-scan', code);
    const arrived = branch.getByTestId('arrival-log').locator(`li[data-code="${code}"]`);
    await expect(arrived).toHaveAttribute('data-outcome', 'moved');
    await expect(arrived).toContainText(price);

    // The customer sees the price of the parcel waiting at the branch.
    await page.goto('/orders?tab=at_branch');
    await page.getByTestId('order-card').filter({ hasText: code }).getByRole('link').first().click();
    await expect(page.getByTestId('order-price')).toContainText(price);

    // Branch staff scan the customer's QR code (its content, as the scanner would type it) and hand the parcel over.
    const qr = await request.get('/api/qr', { headers: { authorization: `Bearer ${customer.token}` } });
    const qrToken = ((await qr.json()) as { data: { token: string } }).data.token;
    await branch.getByTestId('work-handover').click();
    await branch.getByTestId('handover-scan').fill(qrToken);
    await branch.getByTestId('handover-scan').press('Enter');
    const parcels = branch.getByTestId('handover-parcels');
    await expect(parcels).toContainText(code);
    await expect(parcels).toContainText(price);
    await expect(branch.getByTestId('handover-total')).toContainText(price);
    // One payment line, the whole total suggested: pay it by card.
    await branch.getByTestId('payment-method-0').selectOption('card');
    await branch.getByTestId('handover-confirm').click();
    const receipt = branch.getByTestId('handover-receipt');
    await expect(receipt.getByTestId('receipt-item')).toContainText(code);
    await expect(receipt.getByTestId('receipt-total')).toContainText(price);
    await expect(receipt).toContainText('Карта');

    // The customer sees it delivered, and opens the receipt.
    await page.goto('/orders?tab=delivered');
    await page.getByTestId('order-card').filter({ hasText: code }).getByRole('link').first().click();
    await page.locator('a[href^="/orders/receipt"]').click();
    await expect(page).toHaveURL(/\/orders\/receipt\?id=\d+$/);
    await expect(page.getByTestId('receipt-item')).toContainText(code);
    await expect(page.getByTestId('receipt-total')).toContainText(price);
    await expect(page.getByTestId('receipt')).toContainText(customer.lastName);
    // …and downloads it as a PDF beside Print.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/^chek-\d+\.pdf$/);
    const bytes = await pdf.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await warehouseCtx.close();
    await branchCtx.close();
  });
});
