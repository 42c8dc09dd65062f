import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { shot, staffPage } from '../support/staff-page';
import { parcelFor, uniqueCode } from './orders-helpers';

// A 2×2 JPEG, as a phone camera would send it (in small).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

// Claims (issue 36, ADR 088): the customer reports a damaged parcel with a photo from its page; the branch's clerk
// takes it, approves an amount within the cap and pays it to the balance; the customer sees it paid and the credit.
test('a damage claim from the parcel page to a payout on the balance @mobile', async ({
  page,
  browser,
  request,
  newCustomer,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await newCustomer();
  const code = uniqueCode('CL', testInfo.project.name);
  const id = await parcelFor(request, customer, code, 'at_branch');

  await openSignedIn(page, customer.token, `/orders/order?id=${id}`);
  await page.getByTestId('report-problem').click();
  await expect(page.getByTestId('new-claim-page')).toBeVisible();
  await page.getByTestId('claim-kind').selectOption('damaged');
  await page.getByTestId('claim-description').fill('The box came crushed, the cup inside is broken');
  await page.getByTestId('claim-amount').fill('3000');
  await page.getByTestId('claim-photos').setInputFiles({ name: 'crushed.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await shot(page, 'claim-form');
  await page.getByTestId('claim-submit').click();
  await expect(page.getByTestId('claim-page')).toHaveAttribute('data-state', 'open', { timeout: 30_000 });
  await expect(page.getByTestId('claim-photos-shown').getByRole('img')).not.toHaveCount(0);

  const clerk = await staffPage(browser, page, '10.9.0.36', '/manage?work=claims', await apiLogin(request, DEMO.branchStaff));
  const row = clerk.getByTestId('claims-queue').locator(`li[data-code="${code}"]`);
  await row.getByTestId('claim-open').click();
  await clerk.getByTestId('claim-take').click();
  await expect(clerk.getByTestId('claim-panel')).toHaveAttribute('data-state', 'in_review', { timeout: 30_000 });
  await clerk.getByTestId('claim-amount').fill('3000');
  await shot(clerk, 'claim-staff');
  await clerk.getByTestId('claim-approve').click();
  await expect(clerk.getByTestId('claim-panel')).toHaveAttribute('data-state', 'approved', { timeout: 30_000 });
  await clerk.getByTestId('claim-method').selectOption('balance');
  await clerk.getByTestId('claim-pay').click();
  await expect(clerk.getByTestId('claim-panel')).toHaveAttribute('data-state', 'paid', { timeout: 30_000 });

  await page.reload();
  await expect(page.getByTestId('claim-page')).toHaveAttribute('data-state', 'paid', { timeout: 30_000 });
  await expect(page.getByTestId('claim-paid-note')).toBeVisible();
  await shot(page, 'claim-paid');
  await page.getByTestId('claim-to-balance').click();
  await expect(page.getByTestId('balance-credit')).toContainText('3');
  await shot(page, 'claim-balance');
  await clerk.context().close();
});
