import type { Browser, Page } from '@playwright/test';
import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, test, uniquePhone } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { parcelFor, uniqueCode } from './orders-helpers';

/** Signs `page` in with `token` (none: a stranger) in `lang`, then opens `path`. */
async function openAs(page: Page, token: string | null, lang: string, path: string) {
  await page.goto('/legal/terms.html');
  await page.evaluate(
    ([t, l]) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token'), localStorage.setItem('lang', l!)),
    [token, lang],
  );
  await page.goto(path);
}

/** Another person's own phone: a browser context of its own. */
async function otherPhone(browser: Browser, page: Page, address: string): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: BASE_URL,
    viewport: page.viewportSize()!,
    locale: 'ru-RU',
    timezoneId: 'Asia/Almaty',
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return ctx.newPage();
}

// Trusted people (issue 37, ADR 091) at 375 px: a customer (kk) names someone to collect a waiting parcel today; that
// person opens the SMS link without an account (ru) and sees their QR code and the parcel's code, nothing personal of
// the customer but the first name; the clerk (en) scans it, sees who collects for whom and hands over for cash; the
// customer's receipt says who collected; revoked, the link no longer works.
test('a trusted person collects a parcel with the QR code from the SMS @mobile', async ({
  page,
  browser,
  request,
  newCustomer,
}, testInfo) => {
  test.setTimeout(90_000);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const customer = await newCustomer();
  const code = uniqueCode('TRU', testInfo.project.name);
  const orderId = await parcelFor(request, customer, code, 'at_branch');
  const code2 = uniqueCode('TRV', testInfo.project.name);
  await parcelFor(request, customer, code2, 'at_branch');
  const me = (await (await request.get('/api/auth/user', { headers: auth(customer.token) })).json()).data as { client_code: string };
  const trustedPhone = uniquePhone(testInfo.workerIndex);
  const trustedName = `Алия ${trustedPhone.slice(-4)}`;

  // The customer (kk) names the person for this parcel, today only.
  await openAs(page, customer.token, 'kk', '/orders/trusted');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сенімді тұлғалар');
  await expect(page.getByRole('heading', { name: 'Жаңа сенімді тұлға' })).toBeVisible();
  await expect(page.getByTestId('trusted-form')).toContainText('Алуға болатын сәлемдемелер');
  await page.getByTestId('trusted-name').fill(trustedName);
  await page.locator('input[name=trusted_phone]').fill(trustedPhone.slice(2));
  await page.locator(`[data-testid=trusted-parcel][data-code="${code}"]`).check();
  const today = await page.getByTestId('trusted-from').inputValue();
  await page.getByTestId('trusted-to').fill(today);
  const since = Date.now();
  await page.getByTestId('trusted-submit').click();
  await expect(page.locator('.Toastify')).toContainText(`QR-код сілтемесі бар SMS жіберілді: ${trustedName}`);
  const person = page.getByTestId('trusted-person').filter({ hasText: trustedName });
  await expect(person).toHaveAttribute('data-state', 'active');
  await expect(person).toContainText('Белсенді');
  await expect(person).toContainText(code);
  await expect(page.locator('body')).not.toContainText('trusted:');

  // The SMS link, opened on the person's own phone without signing in (ru).
  let link = '';
  await expect
    .poll(() => {
      const sms = readOutbox()
        .filter((m) => m.to === trustedPhone && m.purpose === 'trusted_pass' && Date.parse(m.at) >= since - 1000)
        .at(-1);
      link = /https?:\/\/\S*\/trusted-pass\?t=\S+/.exec(sms?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  const token = url.searchParams.get('t')!;
  const pass = await otherPhone(browser, page, '10.9.0.91');
  await openAs(pass, null, 'ru', `${url.pathname}${url.search}`);
  await expect(pass.getByTestId('trusted-pass')).toContainText('QR-код для получения посылок');
  await expect(pass.getByTestId('trusted-pass')).toContainText(`${trustedName}, вы получаете за ${customer.firstName}`);
  await expect(pass.getByTestId('trusted-pass-qr').locator('svg')).toBeVisible();
  await expect(pass.getByTestId('trusted-pass-qr')).toHaveAttribute('data-token', token);
  await expect(pass.getByTestId('trusted-pass-codes')).toHaveText(code);
  const shown = await pass.locator('body').innerText();
  for (const secret of [customer.phone, customer.phone.slice(2), customer.lastName, me.client_code]) expect(shown).not.toContain(secret);

  // The customer adds the second parcel to the grant: the same QR code now collects both (no new SMS for the same days).
  await person.getByTestId('trusted-edit').click();
  await person.getByTestId('trusted-edit-form').locator(`[data-testid=trusted-parcel][data-code="${code2}"]`).check();
  await person.getByTestId('trusted-edit-save').click();
  await expect(page.locator('.Toastify')).toContainText('Сақталды: QR-код сол күйінде қалады');
  await expect(person).toContainText(code2);
  await pass.reload();
  await expect(pass.getByTestId('trusted-pass-codes')).toContainText(code);
  await expect(pass.getByTestId('trusted-pass-codes')).toContainText(code2);

  // The clerk (en) types the person's code into the scanner field: who collects for whom, then cash.
  const counter = await otherPhone(browser, page, '10.9.0.92');
  await openAs(counter, await apiLogin(request, DEMO.branchStaff), 'en', '/manage?work=handover');
  await counter.getByTestId('handover-scan').fill(token);
  await counter.getByTestId('handover-scan').press('Enter');
  await expect(counter.getByTestId('handover-trusted')).toContainText(
    new RegExp(`Collected by ${trustedName} \\(.+\\) for ${customer.firstName} ${customer.lastName}`),
  );
  await expect(counter.getByTestId('handover-parcels')).toContainText(code);
  await expect(counter.getByTestId('handover-parcels')).toContainText(code2);
  if (await counter.getByTestId('payment-method-0').count()) await counter.getByTestId('payment-method-0').selectOption('cash');
  await counter.getByTestId('handover-confirm').click();
  await expect(counter.getByTestId('handover-receipt').getByTestId('receipt-collected-by')).toContainText(trustedName);
  await counter.context().close();

  // The customer's receipt (kk) says who collected.
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers: auth(customer.token) })).json()).data as {
    receipt_id: number;
  };
  await page.goto(`/orders/receipt?id=${order.receipt_id}`);
  const collected = page.getByTestId('receipt-collected-by');
  await expect(collected).toContainText('Алған адам');
  await expect(collected).toContainText(`${trustedName} (`);

  // Revoked, the person's link stops working at once.
  await page.goto('/orders/trusted');
  await person.getByTestId('trusted-revoke').click();
  await person.getByTestId('trusted-revoke-yes').click();
  await expect(person).toHaveAttribute('data-state', 'revoked');
  await pass.reload();
  await expect(pass.getByTestId('trusted-pass-error')).toContainText('Этот код не действует');
  const refused = await request.get(`/api/trusted-pass?token=${encodeURIComponent(token)}`);
  expect((await refused.json()).code).toBe('trusted_revoked');
  await pass.context().close();
});
