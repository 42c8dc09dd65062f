import type { Page } from '@playwright/test';
import { type AxePage, axeWalk } from '../support/axe';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';

// The demo customer's pages, read only (nothing here opens a notification group, which would mark it read).
const PAGES: AxePage[] = [
  { path: '/orders', ready: (p) => expect(p.getByTestId('order-card').first()).toBeVisible() },
  { path: '/orders?tab=at_branch', ready: (p) => expect(p.getByTestId('order-card').first()).toBeVisible() },
  { path: '/orders?tab=archive', ready: (p) => expect(p.getByTestId('order-restore').first()).toBeVisible() },
  { path: '/orders/tracks', ready: (p) => expect(p.getByTestId('saved-track').first()).toBeVisible() },
  { path: '/orders?track=YT7711500238817', ready: (p) => expect(p.getByTestId('track-result')).toBeVisible() },
  { path: '/qr', ready: (p) => expect(p.getByTestId('qr-code')).toBeVisible() },
  { path: '/notification', ready: (p) => expect(p.getByTestId('group-orders')).toBeVisible() },
];

test.describe('accessibility (axe) of the parcels pages: no serious or critical violation, both themes', () => {
  // Both themes are checked, each at one width (dark on the phone, light on the desktop), as in a11y-auth.
  test('orders, tracks, order info and timeline, QR and notifications, dark on the phone and light on the desktop', async ({
    page,
    signInAs,
    mobile,
  }) => {
    const theme = mobile ? 'dark' : 'light';
    test.setTimeout(240_000);
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await signInAs(DEMO.customer, '/orders?tab=at_branch');
    const card = page.getByTestId('order-card').first();
    await expect(card).toBeVisible();
    const id = await card.getAttribute('data-order-id');
    const pages = [
      ...PAGES,
      { path: `/orders/order?id=${id}`, ready: (p: Page) => expect(p.getByTestId('order-price')).toBeVisible() },
      { path: `/orders/status?id=${id}`, ready: (p: Page) => expect(p.getByTestId('timeline-step').first()).toBeVisible() },
    ];
    expect(await axeWalk(page, pages)).toEqual([]);
  });
});
