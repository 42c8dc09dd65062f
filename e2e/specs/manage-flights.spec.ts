import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { scanInto, shot, staffPage } from '../support/staff-page';

// Screens for people to look at: SCREENS_DIR, at SCREENS_WIDTH (default the project's 1280px).
const SCREENS_WIDTH = Number(process.env.SCREENS_WIDTH ?? 0);
if (SCREENS_WIDTH) test.use({ viewport: { width: SCREENS_WIDTH, height: 800 } });
const scan = scanInto;

test('@desktop two parcels with dimensions go on a flight → customer sees the date and chargeable weight → delay → branch counter moves per scan, one missing, whole flight closed', async ({
  page,
  browser,
  request,
  newCustomer,
}) => {
  test.setTimeout(180_000);
  const customer = await newCustomer();
  const stamp = Date.now().toString(36).toUpperCase();
  const codes = [`FL${stamp}A`, `FL${stamp}B`];
  const ref = `TIR-${stamp}`;

  await openSignedIn(page, customer.token, '/orders/tracks');
  const form = page.getByTestId('save-track-form');
  for (const code of codes) {
    await form.getByLabel('Трек-код').fill(code);
    await form.getByLabel('Трек-код').press('Enter');
    await expect(page.locator(`[data-testid=saved-track][data-track-code="${code}"]`)).toBeVisible();
  }

  // Warehouse: receive both with a weight and dimensions (50 × 40 × 30 cm = 10 kg volumetric, more than 1.25 kg).
  const warehouse = await staffPage(browser, page, '10.78.1.1', '/manage?work=receive', await apiLogin(request, DEMO.warehouseStaff));
  for (const code of codes) {
    await warehouse.getByTestId('receive-code').fill(code);
    await warehouse.getByTestId('receive-weight').fill('1,25');
    await warehouse.getByTestId('receive-length').fill('50');
    await warehouse.getByTestId('receive-width').fill('40');
    await warehouse.getByTestId('receive-height').fill('30');
    await warehouse.getByTestId('receive-submit').click();
    await expect(warehouse.getByTestId('receive-results').locator('li').first()).toContainText(code);
  }

  // A new flight expected everywhere on 20.01.2030, chosen for the dispatch; both parcels are scanned onto it.
  await warehouse.getByTestId('work-dispatch').click();
  await warehouse.getByTestId('flight-new').click();
  await warehouse.getByTestId('flight-mode').selectOption('rail');
  await warehouse.getByTestId('flight-ref').fill(ref);
  await warehouse.getByTestId('flight-departure').fill('2030-01-10');
  for (const field of await warehouse.getByTestId('flight-form').locator('input[data-testid^=flight-arrival-]').all())
    await field.fill('2030-01-20');
  await warehouse.getByTestId('flight-create').click();
  await expect(warehouse.getByTestId('flight-form')).toBeHidden();
  await expect(warehouse.getByTestId('dispatch-flight').locator('option:checked')).toContainText(ref);
  await shot(warehouse, 'flights-dispatch');
  for (const code of codes) {
    await scan(warehouse, 'dispatch-scan', code);
    await expect(warehouse.getByTestId('dispatch-log').locator(`li[data-code="${code}"]`)).toHaveAttribute('data-outcome', 'moved');
  }

  // The customer sees the expected date on the parcel and, in its details, the chargeable (volumetric) weight.
  await page.goto('/orders?tab=in_transit');
  const card = page.getByTestId('order-card').filter({ hasText: codes[0]! });
  await expect(card).toContainText('20 января 2030');
  await shot(page, 'flights-customer-card');
  await card.getByRole('link').first().click();
  await expect(page.getByText('Оплачиваемый вес')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/10\s?кг/);
  await shot(page, 'flights-customer-weights');

  // Staff delay the flight by a week, with a reason.
  const row = warehouse.getByTestId('flight-row').filter({ hasText: ref });
  await row.getByTestId('flight-open').click();
  for (const field of await row.locator('[data-testid^=delay-arrival-]').all()) await field.fill('2030-01-27');
  await row.getByTestId('delay-reason').fill('Задержка на границе');
  await row.getByTestId('delay-submit').click();
  await expect(row.getByTestId('flight-delay-form')).toContainText('1');
  await shot(warehouse, 'flights-delayed');

  await page.goto('/orders?tab=in_transit');
  await expect(page.getByTestId('order-card').filter({ hasText: codes[0]! })).toContainText('27 января 2030');

  // The branch receives one of the two, opens the flight: one arrived, one missing.
  const branch = await staffPage(browser, page, '10.78.2.2', '/manage?work=arrival', await apiLogin(request, DEMO.branchStaff));
  // The flight's counter is live: it moves with the scan, without a reload.
  const flight = branch.getByTestId('flight-row').filter({ hasText: ref });
  await expect(flight.getByTestId('flight-arrival-line')).toContainText('прибыло 0 из 2');
  await scan(branch, 'arrival-scan', codes[0]!);
  await expect(branch.getByTestId('arrival-log').locator(`li[data-code="${codes[0]}"]`)).toHaveAttribute('data-outcome', 'moved');
  await expect(flight.getByTestId('flight-arrival-line')).toContainText('прибыло 1 из 2');
  await flight.getByTestId('flight-open').click();
  await expect(flight.getByTestId('flight-arrived')).toContainText(codes[0]!);
  await expect(flight.getByTestId('flight-missing')).toContainText(codes[1]!);
  await expect(flight.getByTestId('flight-missing')).not.toContainText(codes[0]!);
  await shot(branch, 'flights-branch-missing');

  // "The whole flight arrived": the missing parcel is listed, the clerk confirms, the arrival is closed.
  await flight.getByTestId('flight-whole').click();
  const close = flight.getByTestId('flight-close');
  await expect(close.getByTestId('flight-close-progress')).toContainText('Прибыло 1 из 2');
  await expect(close.getByTestId('flight-close-missing')).toContainText(codes[1]!);
  await shot(branch, 'flights-whole-check');
  await close.getByTestId('flight-close-confirm').click();
  await expect(close).toContainText('Приёмка закрыта');
  await expect(close.getByTestId('flight-close-confirm')).toBeHidden();
  await expect(close.getByTestId('flight-close-missing')).toContainText(codes[1]!);
  await shot(branch, 'flights-whole-closed');
});
