import type { Browser, Page } from '@playwright/test';
import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { shot, staffPage } from '../support/staff-page';
import { parcelFor, uniqueCode } from './orders-helpers';

// With SCREENS_DIR set: each screen in kk, ru and en (light) and ru dark, and the admin's zones at 1280 px.
const LOOKS = process.env.SCREENS_DIR
  ? [
      ['kk', 'light'],
      ['ru', 'light'],
      ['en', 'light'],
      ['ru', 'dark'],
    ]
  : [];
async function looks(p: Page, name: string, redo: () => Promise<void>) {
  for (const [lang, theme] of LOOKS) {
    await p.evaluate(([l, th]) => (localStorage.setItem('lang', l!), localStorage.setItem('theme', th!)), [lang, theme]);
    await p.reload();
    await redo();
    await shot(p, `${name}-${lang}-${theme}`);
  }
  if (LOOKS.length) {
    await p.evaluate(() => (localStorage.setItem('lang', 'ru'), localStorage.setItem('theme', 'light')));
    await p.reload();
    await redo();
  }
}
async function adminZonesLooks(browser: Browser, token: string) {
  if (!LOOKS.length) return;
  const ctx = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const p = await ctx.newPage();
  await openSignedIn(p, token, '/admin/delivery-zones');
  await looks(p, 'admin-zones', () => expect(p.getByTestId('admin-zones')).toBeVisible());
  await ctx.close();
}

// Door delivery (issue 37, ADR 094) at 375 px: the customer asks for a waiting parcel to be brought to the door and
// sees the price first; the branch's clerk assigns themself as the courier; the courier's route lists the stop with
// phone and address, sets out (the customer gets the code by SMS), enters the code and takes cash; the customer sees
// it delivered and the close of day expects the cash.
test('a door delivery closed with the code from the SMS, paid in cash @mobile', async ({
  page,
  browser,
  request,
  newCustomer,
}, testInfo) => {
  test.setTimeout(240_000);
  const customer = await newCustomer();
  const code = uniqueCode('DD', testInfo.project.name);
  const id = await parcelFor(request, customer, code, 'at_branch');
  const clerkToken = await apiLogin(request, DEMO.branchStaff);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (await (await request.get('/api/auth/user', { headers: as(clerkToken) })).json()) as {
    data: { id: number; place: { branch_id: number } };
  };
  const admin = await apiLogin(request, DEMO.admin);
  const zones = (await (await request.get('/api/admin/delivery-zones', { headers: as(admin) })).json()) as {
    data: { branch_id: number; postcodes: string[]; active: boolean }[];
  };
  if (!zones.data.some((z) => z.branch_id === me.data.place.branch_id && z.active && z.postcodes.includes('050000'))) {
    const made = await request.post('/api/admin/delivery-zones', {
      headers: as(admin),
      data: { branch_id: me.data.place.branch_id, name: 'Центр', postcodes: ['050000'], base_price: 100_000, per_kg_price: 20_000 },
    });
    expect(made.status()).toBe(201);
  }

  // The customer: the parcel's page, the address, the price before confirming.
  await openSignedIn(page, customer.token, `/orders/order?id=${id}`);
  const ask = async () => {
    await page.getByTestId('door-open').click();
    await page.getByTestId('door-street').fill('проспект Абая');
    await page.getByTestId('door-building').fill('10');
    await page.getByTestId('door-apartment').fill('5');
    await page.getByTestId('door-postcode').fill('050000');
    await page.getByTestId('door-price').click();
    await expect(page.getByTestId('door-quote')).toBeVisible();
  };
  await ask();
  await looks(page, 'door-request', ask);
  await page.getByTestId('door-confirm').click();
  await expect(page.getByTestId('door-delivery')).toHaveAttribute('data-state', 'requested', { timeout: 30_000 });

  // The clerk assigns the branch's courier (the demo clerk themself) for today.
  const clerk = await staffPage(browser, page, '10.9.0.37', '/manage?work=door_delivery', clerkToken);
  await clerk.getByTestId('door-view-open').click();
  const toAssign = clerk.getByTestId('door-stop').filter({ hasText: code });
  await toAssign.getByTestId('door-courier').selectOption(String(me.data.id));
  await toAssign.getByTestId('door-assign').click();
  await expect(toAssign).toHaveAttribute('data-state', 'assigned', { timeout: 30_000 });

  // The courier's route: the stop with the customer's phone and address; setting out sends the code.
  await clerk.getByTestId('door-view-route').click();
  const stop = clerk.getByTestId('door-stop').filter({ hasText: code });
  await expect(stop.getByTestId('door-phone')).toHaveText(customer.phone);
  await expect(stop.getByTestId('door-address')).toContainText('проспект Абая, 10');
  const since = Date.now();
  await stop.getByTestId('door-out').click();
  await expect(stop).toHaveAttribute('data-state', 'out', { timeout: 30_000 });
  await looks(clerk, 'door-route', () => expect(stop.getByTestId('door-code')).toBeVisible());
  let sms = '';
  await expect
    .poll(() => {
      sms =
        readOutbox()
          .filter((m) => m.to === customer.phone && m.purpose === 'door_delivery' && Date.parse(m.at) >= since - 1000)
          .at(-1)?.code ?? '';
      return sms;
    })
    .toMatch(/^\d{6}$/);
  await stop.getByTestId('door-code').fill(sms);
  await stop.getByTestId('door-method').selectOption('cash');
  await stop.getByTestId('door-deliver').click();
  await expect(stop).toHaveAttribute('data-state', 'delivered', { timeout: 30_000 });

  // The customer sees it delivered; the close of day expects the cash the courier took.
  await page.reload();
  await expect(page.getByTestId('door-delivery')).toHaveAttribute('data-state', 'delivered', { timeout: 30_000 });
  await clerk.goto('/manage?work=close_day');
  await expect(clerk.getByTestId('close-expected-cash')).not.toHaveText(/^0/);
  await clerk.context().close();
  await adminZonesLooks(browser, admin);
});
