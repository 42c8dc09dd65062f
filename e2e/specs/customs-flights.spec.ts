import { readFileSync } from 'node:fs';
import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';
import { shot, staffPage } from '../support/staff-page';
import { orderCard } from './orders-helpers';

// Screens for people to look at: SCREENS_DIR, at SCREENS_WIDTH (default the project's 1280px).
const SCREENS_WIDTH = Number(process.env.SCREENS_WIDTH ?? 0);
if (SCREENS_WIDTH) test.use({ viewport: { width: SCREENS_WIDTH, height: 800 } });

/**
 * Customs on flights (issue 36, ADR 085): the warehouse downloads a flight's customs manifest (CSV) and holds one of its
 * parcels with a reason; the customer sees "held by customs" with the reason on the card, the branch it is coming to in
 * its worklist; the release clears it.
 */
test('@desktop staff download a flight’s customs manifest and hold a parcel with a reason → the customer sees it held → released', async ({
  page,
  browser,
  request,
  newCustomer,
}) => {
  test.setTimeout(180_000);
  const customer = await newCustomer();
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `CU${stamp}A`;
  const ref = `CUS-${stamp}`;
  const warehouseToken = await apiLogin(request, DEMO.warehouseStaff);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const ok = async (r: Awaited<ReturnType<typeof request.post>>) => {
    expect(r.ok(), await r.text()).toBe(true);
    return (await r.json()) as { data: { id: number; branch_id: number } };
  };
  // The parcel is saved, received and dispatched on a new flight to the customer's branch, as the API does it.
  await ok(await request.post('/api/save-track', { headers: as(customer.token), data: { track_code: code, name: 'Телефон' } }));
  await ok(await request.post('/api/manage/receive', { headers: as(warehouseToken), data: { track_code: code, weight: 1.4 } }));
  const me = await ok(await request.get('/api/auth/user', { headers: as(customer.token) }));
  const flight = await ok(
    await request.post('/api/manage/flights', {
      headers: as(warehouseToken),
      data: {
        mode: 'truck',
        carrier_ref: ref,
        departure_date: '2030-02-01',
        arrivals: [{ branch_id: me.data.branch_id, expected_arrival: '2030-02-10' }],
      },
    }),
  );
  await ok(
    await request.post('/api/manage/dispatch', { headers: as(warehouseToken), data: { track_codes: [code], flight_id: flight.data.id } }),
  );

  // The warehouse opens the flight: the customs manifest downloads as CSV with the parcel on it.
  const warehouse = await staffPage(browser, page, '10.79.1.1', '/manage?work=dispatch', warehouseToken);
  const row = warehouse.getByTestId('flight-row').filter({ hasText: ref });
  await row.getByTestId('flight-open').click();
  const [download] = await Promise.all([warehouse.waitForEvent('download'), row.getByTestId('customs-manifest-csv').click()]);
  expect(download.suggestedFilename()).toBe(`customs-manifest-${flight.data.id}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`"${code}"`);
  expect(csv).toContain('Товары не указаны');

  // Held with a reason from the list and a note.
  const parcel = row.getByTestId('flight-parcel').filter({ hasText: code });
  await parcel.getByTestId('customs-hold-open').click();
  await parcel.getByTestId('customs-reason').selectOption('documents');
  await parcel.getByTestId('customs-note').fill('инвойс на телефон');
  await shot(warehouse, 'customs-hold-form');
  await parcel.getByTestId('customs-hold-submit').click();
  await expect(parcel.getByTestId('parcel-customs-hold')).toHaveText('Задержана таможней: Запрошены документы: инвойс на телефон');
  await expect(parcel.getByTestId('customs-held')).toHaveAttribute('data-reason', 'documents');
  await shot(warehouse, 'customs-held-staff');

  // The customer's card says so; the status stays "in transit".
  await openSignedIn(page, customer.token, '/orders?tab=in_transit');
  const card = orderCard(page, code);
  await expect(card.getByTestId('order-customs-hold')).toHaveText('Задержана таможней: Запрошены документы: инвойс на телефон');
  await shot(page, 'customs-held-customer');

  // The branch it is coming to finds it in the reports' worklist of held parcels, with the reason.
  const branch = await staffPage(browser, page, '10.79.1.2', '/manage?work=reports', await apiLogin(request, DEMO.branchStaff));
  await branch.getByTestId('worklist-kind').selectOption('customs_held');
  const listed = branch.getByTestId('worklist-customs_held').getByTestId('worklist-row').filter({ hasText: code });
  await expect(listed.getByTestId('worklist-note')).toHaveText('Запрошены документы: инвойс на телефон');
  await shot(branch, 'customs-held-worklist');

  // Released: the card no longer shows the hold.
  await parcel.getByTestId('customs-release').click();
  await expect(parcel.getByTestId('customs-hold-open')).toBeVisible();
  await page.reload();
  await expect(orderCard(page, code)).toBeVisible();
  await expect(orderCard(page, code).getByTestId('order-customs-hold')).toHaveCount(0);
});
