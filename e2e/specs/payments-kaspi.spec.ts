import { formatMoney } from '@portal/contract/common/format';
import { BASE_URL, DEMO } from '../support/env';
import { fakes, kaspiPays } from '../support/fakes';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { parcelFor, uniqueCode } from './orders-helpers';

/**
 * Paying before coming (issue 33, ADR 077), one whole journey: a parcel waits at the branch, the customer pays it with
 * Kaspi from home (the fake's emulator plays the Kaspi app), the page follows the payment to "paid", home says "Paid
 * online", the clerk hands it over with nothing to take, the receipt names Kaspi and the day lists the payment apart
 * from the drawer. A fresh customer of its own: the demo customer's parcels serve other journeys running meanwhile.
 */
test('a waiting parcel paid with Kaspi before coming: paid online, handed over with 0 to take @mobile', async ({
  page,
  browser,
  request,
  newCustomer,
}, testInfo) => {
  test.setTimeout(120_000);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const customer = await newCustomer();
  const code = uniqueCode('PAY', testInfo.project.name);
  await parcelFor(request, customer, code, 'at_branch');
  const me = (await (await request.get('/api/auth/user', { headers: auth(customer.token) })).json()).data as {
    client_code: string;
    branch_id: number;
  };

  // The branch takes Kaspi: its merchant device saved through the admin's API.
  const admin = await apiLogin(request, DEMO.admin);
  const saved = await request.put(`/api/admin/branches/${me.branch_id}/payment-providers`, {
    headers: auth(admin),
    data: { provider: 'kaspi', enabled: true, credentials: { device_token: fakes().kaspiDevice, organization_bin: '123456789012' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // Home: "Pay online" on the waiting card opens the pay page with Kaspi's QR.
  await openSignedIn(page, customer.token, '/');
  await page.getByTestId('waiting-pay').click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await expect(page.getByTestId('pay-open-kaspi')).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const asked = (await (await request.get(`/api/payments/requests/${id}`, { headers: auth(customer.token) })).json()).data as {
    provider_ref: string;
    amount: number;
  };

  // The customer's Kaspi app scans and confirms; the page, asking every ~2 s, turns to paid.
  await kaspiPays(asked.provider_ref);
  await expect(page.getByTestId('pay-state-paid')).toBeVisible({ timeout: 15_000 });
  await page.goto('/');
  await expect(page.getByTestId('waiting-paid-online')).toBeVisible();

  // The clerk scans the customer's code: nothing to take, and hands the parcel over.
  const clerk = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize()!, locale: 'ru-RU' });
  const counter = await clerk.newPage();
  await openSignedIn(counter, await apiLogin(request, DEMO.branchStaff), '/manage?work=handover');
  await counter.getByTestId('handover-scan').fill(me.client_code);
  await counter.getByTestId('handover-scan').press('Enter');
  await expect(counter.getByTestId('handover-parcels').locator('li')).toHaveCount(1);
  await expect(counter.getByTestId('handover-paid-online')).toContainText(formatMoney(asked.amount / 100, 'KZT', 'ru'));
  await expect(counter.getByTestId('handover-nothing-to-take')).toBeVisible();
  await counter.getByTestId('handover-confirm').click();
  // The receipt names the provider that took the money.
  await expect(counter.getByTestId('handover-receipt')).toContainText('Kaspi');

  // The day at the counter: the online payment is listed apart from the drawer (the day is not closed here: other
  // journeys close it).
  await counter.goto('/manage?work=close_day');
  await expect(counter.getByTestId('close-online-kaspi')).toBeVisible();
  await expect(counter.getByTestId('online-payment-row').filter({ hasText: formatMoney(asked.amount / 100, 'KZT', 'ru') })).not.toHaveCount(
    0,
  );
  await clerk.close();
});
