import { expect, openSignedIn, test } from '../support/fixtures';

// The QR page registers a service worker that keeps the app for offline use.
test.use({ serviceWorkers: 'allow' });

test.describe('QR code', () => {
  test('shows the QR code with client code and name, and still shows it after an offline reload @mobile', async ({
    page,
    context,
    newCustomer,
  }) => {
    const customer = await newCustomer();
    await openSignedIn(page, customer.token, '/qr');
    const qr = page.getByTestId('qr-code');
    await expect(qr.locator('svg')).toBeVisible();
    await expect(qr).toHaveAttribute('data-token-prefix', 'QR1.');
    const clientCode = await page.getByTestId('qr-client-code').innerText();
    expect(clientCode).toMatch(/^KZ-\d+$/);
    await expect(page.getByTestId('qr-name')).toHaveText(`${customer.firstName} ${customer.lastName}`);
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);

    // Kept on the device: the token in localStorage, the app in the service worker's cache.
    await expect(page.getByTestId('qr-page')).toHaveAttribute('data-offline-ready', 'true', { timeout: 20_000 });
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('qr_code') ?? 'null'));
    expect(kept.client_code).toBe(clientCode);

    await context.setOffline(true);
    // Really offline: the page cannot reach the server.
    expect(
      await page.evaluate(() =>
        fetch('/api/health', { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await page.reload();
    await expect(page.getByTestId('qr-code').locator('svg')).toBeVisible();
    await expect(page.getByTestId('qr-client-code')).toHaveText(clientCode);
    await expect(page.getByTestId('qr-name')).toHaveText(`${customer.firstName} ${customer.lastName}`);

    // And the service worker was offline too: a call it does not keep comes back as the app shell, not the server's answer.
    const probe = await context.newPage();
    await probe.goto('/api/health');
    await expect(probe.locator('body')).not.toContainText('"status"');
    await probe.close();
    await context.setOffline(false);
  });
});
