import { WEEKDAYS } from '@portal/contract';
import { BASE_URL, DEMO } from '../support/env';
import { fakes, kaspiPays } from '../support/fakes';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { parcelFor, uniqueCode } from './orders-helpers';

/**
 * Pickup slots (issue 37, ADR 092), one whole journey: a parcel waits at the branch and is paid online; the customer
 * books a time on their phone; the clerk sees the customer in the prepared list (prepaid, the parcel on its line),
 * scans the customer's code and the counter says "fast lane: paid, nothing to take"; the hand-over completes.
 */
test('a booked, prepaid pickup goes through the fast lane @mobile', async ({ page, browser, request, newCustomer }, testInfo) => {
  test.setTimeout(150_000);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const customer = await newCustomer();
  const code = uniqueCode('SLT', testInfo.project.name);
  await parcelFor(request, customer, code, 'at_branch');
  const me = (await (await request.get('/api/auth/user', { headers: auth(customer.token) })).json()).data as {
    client_code: string;
    branch_id: number;
  };

  // The branch takes Kaspi and offers 30-minute slots every day (the admin's API).
  const admin = await apiLogin(request, DEMO.admin);
  const saved = await request.put(`/api/admin/branches/${me.branch_id}/payment-providers`, {
    headers: auth(admin),
    data: { provider: 'kaspi', enabled: true, credentials: { device_token: fakes().kaspiDevice, organization_bin: '123456789012' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const rules = await request.put(`/api/admin/branches/${me.branch_id}/slot-rules`, {
    headers: auth(admin),
    data: { rules: WEEKDAYS.map((day) => ({ day, slot_minutes: 30, capacity: 50 })) },
  });
  expect(rules.status(), await rules.text()).toBe(200);

  // Paid ahead with Kaspi (the fake's emulator plays the customer's app).
  const opened = await request.post('/api/payments/requests', { headers: auth(customer.token), data: { branch_id: me.branch_id } });
  expect(opened.status(), await opened.text()).toBe(201);
  const asked = (await opened.json()).data as { id: string; provider_ref: string };
  await kaspiPays(asked.provider_ref);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/payments/requests/${asked.id}`, { headers: auth(customer.token) })).json()).data as {
            status: string;
          }
        ).status,
      {
        timeout: 20_000,
      },
    )
    .toBe('paid');

  // The customer books the first free time.
  await openSignedIn(page, customer.token, '/pickup');
  const place = page.getByTestId('pickup-place');
  await expect(place).toContainText('1');
  await place.getByTestId('pickup-slot').first().click();
  await place.getByTestId('pickup-book').click();
  await expect(place.getByTestId('pickup-booked')).toBeVisible();
  await expect(place.getByTestId('pickup-slot').first()).toBeDisabled();

  // The clerk: the prepared list names the customer as prepaid and the parcel on its shelf line.
  const clerk = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize()!, locale: 'ru-RU' });
  const counter = await clerk.newPage();
  await openSignedIn(counter, await apiLogin(request, DEMO.branchStaff), '/manage?work=pickup_slots');
  const row = counter.getByTestId('pickup-slot-customer').filter({ hasText: me.client_code });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('pickup-prepaid')).toBeVisible();
  await expect(counter.getByTestId('pickup-slot-line').filter({ hasText: code })).toBeVisible();

  // The counter: scan, "fast lane: paid, nothing to take", hand over.
  await counter.goto('/manage?work=handover');
  await counter.getByTestId('handover-scan').fill(me.client_code);
  await counter.getByTestId('handover-scan').press('Enter');
  await expect(counter.getByTestId('handover-fast-lane')).toHaveText('Быстрая полоса: оплачено, ничего не брать');
  await expect(counter.getByTestId('handover-nothing-to-take')).toBeVisible();
  await counter.getByTestId('handover-confirm').click();
  await expect(counter.getByTestId('handover-receipt')).toContainText('Kaspi');
  await clerk.close();

  // The booking is done: the customer has nothing waiting there any more.
  await page.reload();
  await expect(page.getByTestId('pickup-place')).toHaveCount(0);
});
