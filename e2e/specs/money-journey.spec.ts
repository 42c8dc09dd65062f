import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readSheet } from 'read-excel-file/node';
import type { Page } from '@playwright/test';
import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { parcelFor, uniqueCode } from './orders-helpers';

/** Screens of this journey for people to look at (SCREENS_DIR, e.g. /work/screens/14), at the project's width. */
async function shot(page: Page, name: string, project: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${project === 'mobile' ? 375 : 1280}.png`), fullPage: true });
}

test.describe('money at the counter', () => {
  test('three parcels, pays for two → debt at the next hand-over and in the profile → day closed → admin sees revenue and debt and exports them @desktop', async ({
    page,
    browser,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const customer = await newCustomer();
    const codes = [uniqueCode('MJ', project), uniqueCode('MJ', project), uniqueCode('MJ', project)];
    for (const code of codes) await parcelFor(request, customer, code, 'at_branch');
    const branchToken = await apiLogin(request, DEMO.branchStaff);
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const me = (await (await request.get('/api/auth/user', { headers: auth(customer.token) })).json()).data as {
      id: number;
      client_code: string;
    };
    const look = (
      await (await request.post('/api/manage/handover/lookup', { headers: auth(branchToken), data: { customer: me.client_code } })).json()
    ).data;
    const prices = (look.parcels as { price: number }[]).map((p) => Math.round(p.price * 100));
    const two = prices[0]! + prices[1]!;
    const debt = look.total_minor - two;

    // Branch staff hand over all three; the customer pays for two; staff confirm the rest becomes debt.
    await openSignedIn(page, branchToken, '/manage?work=handover');
    await page.getByTestId('handover-scan').fill(me.client_code);
    await page.getByTestId('handover-scan').press('Enter');
    await expect(page.getByTestId('handover-parcels').locator('li')).toHaveCount(3);
    await page.getByTestId('payment-amount-0').fill((two / 100).toFixed(2));
    await expect(page.getByTestId('handover-confirm')).toBeDisabled();
    await page.getByTestId('handover-accept-debt').check();
    await shot(page, 'counter-partial', project);
    await page.getByTestId('handover-confirm').click();
    const receipt = page.getByTestId('handover-receipt');
    await expect(receipt.getByTestId('receipt-item')).toHaveCount(3);
    await expect(receipt.getByTestId('receipt-remaining')).toBeVisible();
    await shot(page, 'counter-receipt', project);

    // The next hand-over opens with the debt, payable without parcels.
    await page.getByTestId('handover-scan').fill(me.client_code);
    await page.getByTestId('handover-scan').press('Enter');
    await expect(page.getByTestId('handover-debt')).toBeVisible();
    await expect(page.getByTestId('debt-pay')).toBeVisible();
    await shot(page, 'counter-debt', project);

    // The customer sees the balance and its history in the profile.
    const customerCtx = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize()!, locale: 'ru-RU' });
    const customerPage = await customerCtx.newPage();
    await openSignedIn(customerPage, customer.token, '/profile');
    await expect(customerPage.getByTestId('balance-owe')).toBeVisible();
    await customerPage.getByTestId('balance-card').locator('summary').click();
    await expect(customerPage.getByTestId('balance-history').locator('li')).toHaveCount(2);
    await shot(customerPage, 'profile-balance', project);
    await customerCtx.close();

    // The branch closes the day (desktop: the demo branch's staff; phones: an admin closes another branch). A day closes
    // once, so a retry closes yet another branch's day: the first attempt may have closed its own before failing.
    const adminToken = await apiLogin(request, DEMO.admin);
    const branches = (await (await request.get('/api/country/1/branches')).json()).data as { id: number }[];
    if (project === 'desktop' && testInfo.retry === 0) await page.goto('/manage?work=close_day');
    else {
      const other = branches[(project === 'mobile' ? 1 : 0) + 2 * testInfo.retry]!;
      await openSignedIn(page, adminToken, `/manage?work=close_day&branch=${other.id}`);
    }
    await expect(page.getByTestId('close-table')).toBeVisible();
    const expectedCash = await page.getByTestId('close-expected-cash').innerText();
    // Every method that took money is counted before the day can close (nothing counted shows no difference).
    await expect(page.getByTestId('close-diff-cash')).toHaveText('—');
    for (const field of await page.locator('[data-testid^="close-counted-"]').all()) await field.fill('0');
    await page.getByTestId('close-note').fill('e2e');
    await shot(page, 'close-of-day', project);
    await page.getByTestId('close-submit').click();
    // A closed day never changes: the totals are confirmed first.
    await expect(page.getByTestId('close-confirm-sheet')).toBeVisible();
    await shot(page, 'close-of-day-confirm', project);
    await page.getByTestId('close-confirm').click();
    await expect(page.getByTestId('close-list').getByTestId('close-list-row').first()).toBeVisible();
    expect(expectedCash).toBeTruthy();

    // The admin sees the revenue and the debt on the dashboard and exports the debtors.
    await openSignedIn(page, adminToken, '/manage?work=reports');
    await expect(page.getByTestId('reports-revenue-total').first()).toBeVisible();
    await expect(page.getByTestId('chart-revenue').locator('canvas')).toBeVisible();
    const row = page.getByTestId('worklist-debtors').getByTestId('worklist-row').filter({ hasText: me.client_code });
    await expect(row).toBeVisible();
    await shot(page, 'dashboard', project);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-debtors-xlsx').click()]);
    const path = testInfo.outputPath('debtors.xlsx');
    await download.saveAs(path);
    const rows = (await readSheet(path)).slice(1);
    const mine = rows.find((r) => r[0] === me.client_code)!;
    expect(mine[3]).toBe(debt / 100);
    const api = (await (await request.get('/api/manage/worklists/debtors', { headers: auth(adminToken) })).json()).data as unknown[];
    expect(rows).toHaveLength(api.length);
  });
});
