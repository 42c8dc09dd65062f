import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { shot } from '../support/staff-page';

/**
 * Insurance charged with the parcel (issue 36, ADR 090), on the demo data (read only: other journeys count the demo
 * customer's parcels): the insured smart watch waiting at the branch shows what it is insured for and its premium, the
 * clerk's total for it is its price plus that premium, and the insured coffee maker's receipt prints the premium with
 * the declared value. One width: it proves a rule.
 */
test('an insured parcel: premium on its page, in the counter total, on the receipt @mobile', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await apiLogin(request, DEMO.customer);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const waiting = (await (await request.get('/api/orders/statuses', { headers: auth(customer) })).json()).data as {
    id: number;
    code: string;
  }[];
  const atBranch = waiting.find((s) => s.code === 'at_branch')!.id;
  const delivered = waiting.find((s) => s.code === 'delivered')!.id;
  const list = async (statusId: number) =>
    (await (await request.get(`/api/orders/status/${statusId}/orders?filters[per_page]=50`, { headers: auth(customer) })).json()).data as {
      id: number;
      name: string;
      price: number;
      insurance: { premium: number } | null;
    }[];
  const watch = (await list(atBranch)).find((o) => o.name === 'Умные часы')!;
  expect(watch.insurance?.premium).toBe(1350);

  // The customer: the order's page says what it is insured for and the premium.
  await openSignedIn(page, customer, `/orders/order?id=${watch.id}`);
  await expect(page.getByTestId('order-insurance')).toContainText(/Застрахована на 45\s000\s₸ · премия 1\s350\s₸/);
  await shot(page, 'insurance-order');

  // The clerk: the watch alone costs its price plus the premium, as the counter's total says.
  const clerk = await apiLogin(request, DEMO.branchStaff);
  const me = (await (await request.get('/api/auth/user', { headers: auth(customer) })).json()).data as { client_code: string };
  await openSignedIn(page, clerk, '/manage?work=handover');
  await page.getByTestId('handover-scan').fill(me.client_code);
  await page.getByTestId('handover-scan').press('Enter');
  const rows = page.getByTestId('handover-parcels').locator('li');
  await expect(rows.first()).toBeVisible();
  const watchRow = rows.filter({ hasText: 'Умные часы' });
  await expect(watchRow.getByTestId('parcel-insurance')).toContainText(/страховка 1\s350\s₸/);
  // Only the watch chosen: the total is its price + premium.
  for (const box of await rows.filter({ hasNotText: 'Умные часы' }).locator('input[type=checkbox]').all()) await box.uncheck();
  const total = (watch.price + watch.insurance!.premium).toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  await expect(page.getByTestId('handover-total')).toContainText(new RegExp(`${total}\\s₸`));
  await shot(page, 'insurance-handover');

  // The insured coffee maker's receipt prints the premium with the declared value.
  const coffee = (await list(delivered)).find((o) => o.name === 'Кофеварка')!;
  const order = (await (await request.get(`/api/orders/${coffee.id}`, { headers: auth(customer) })).json()).data as { receipt_id: number };
  await openSignedIn(page, customer, `/orders/receipt?id=${order.receipt_id}`);
  const line = page.getByTestId('receipt-insurance');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(/Страховка \w+/);
  await expect(line).toContainText(/Объявленная ценность 60\s000\s₸/);
  await expect(line).toContainText(/1\s800\s₸/);
  await shot(page, 'insurance-receipt');
  const pdf = await request.get(`/api/receipts/${order.receipt_id}.pdf`, { headers: auth(customer) });
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
});
