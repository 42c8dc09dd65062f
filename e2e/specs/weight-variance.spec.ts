import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { scanInto, shot, staffPage } from '../support/staff-page';
import { uniqueCode } from './orders-helpers';

/**
 * Weight variance (issue 36, ADR 089): the branch weighs a parcel heavier than in China; the customer sees the card on
 * the parcel's page and confirms the new price; the clerk's counter then takes that price.
 */

async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, token: string, data?: unknown): Promise<T> {
  const res = await request[method](`/api/${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}: ${JSON.stringify(body)}`);
  return (body as { data: T }).data;
}

test('branch weighs heavier → the customer confirms on the parcel page → the counter takes the new price @mobile', async ({
  page,
  browser,
  request,
  newCustomer,
}, testInfo) => {
  test.setTimeout(120_000);
  // Screens for people (SCREENS_DIR): at the width asked for.
  if (process.env.SCREENS_WIDTH) await page.setViewportSize({ width: Number(process.env.SCREENS_WIDTH), height: 900 });
  const customer = await newCustomer();
  const code = uniqueCode('WV', testInfo.project.name);
  const warehouse = await apiLogin(request, DEMO.warehouseStaff);
  const branch = await apiLogin(request, DEMO.branchStaff);
  await api(request, 'post', 'save-track', customer.token, { track_code: code, name: 'Boots' });
  await api(request, 'post', 'manage/receive', warehouse, { track_code: code, weight: 2 });
  await api(request, 'post', 'manage/dispatch', warehouse, { track_codes: [code] });
  const arrived = await api<{ results: { parcel: { id: number; price: number } }[] }>(request, 'post', 'manage/arrive', branch, {
    track_codes: [code],
  });
  const { id, price: chinaPrice } = arrived.results[0]!.parcel;

  // The clerk finds the parcel and records its weight on the branch's scale: heavier than the tolerance allows.
  const clerk = await staffPage(browser, page, '10.9.0.1', '/manage?work=find', branch);
  await scanInto(clerk, 'find-input', code);
  await clerk
    .getByTestId('find-results')
    .getByRole('button', { name: new RegExp(code) })
    .click();
  await clerk.getByTestId('branch-weight-input').fill('2,4');
  await clerk.getByTestId('branch-weight-save').click();
  await expect(clerk.getByTestId('weight-check')).toHaveAttribute('data-state', 'pending');
  await shot(clerk, 'weight-staff-parcel');
  // At the counter meanwhile: "weight to confirm", the parcel not chosen, no money for it.
  await clerk.goto('/manage?work=handover');
  await scanInto(clerk, 'handover-scan', code);
  await expect(clerk.getByTestId('weight-to-confirm')).toBeVisible();
  await expect(clerk.getByTestId('handover-confirm')).toBeDisabled();
  await shot(clerk, 'weight-counter-held');

  // The customer's parcel page: a clear card with both weights and the new price; they confirm.
  await openSignedIn(page, customer.token, `/orders/order?id=${id}`);
  const card = page.getByTestId('weight-check-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('weight-check-text')).toContainText('2,4');
  await shot(page, 'weight-customer-card');
  if (process.env.SCREENS_DIR) {
    await page.goto('/');
    await expect(page.getByTestId('weight-check-card')).toBeVisible();
    await shot(page, 'weight-home-card');
    await page.goto(`/orders/order?id=${id}`);
  }
  await card.getByTestId('weight-confirm').click();
  await expect(card).toBeHidden();
  const newPrice = await page.getByTestId('order-price').textContent();
  expect(newPrice?.replace(/\D/g, '')).not.toBe(String(chinaPrice));

  // The counter: nothing held any more, the parcel is chosen at its new price and handed over.
  await scanInto(clerk, 'handover-scan', code);
  await expect(clerk.getByTestId('handover-customer')).toBeVisible();
  await expect(clerk.getByTestId('weight-to-confirm')).toHaveCount(0);
  await expect(clerk.getByTestId('handover-total')).toContainText(newPrice!.trim());
  await clerk.getByTestId('handover-confirm').click();
  await expect(clerk.getByTestId('handover-receipt')).toBeVisible();
  await expect(clerk.getByTestId('handover-receipt')).toContainText(newPrice!.trim());
  await clerk.context().close();
});
