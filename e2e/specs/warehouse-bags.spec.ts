import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../support/env';
import { apiLogin, expect, test } from '../support/fixtures';
import { scanInto, shot, staffPage } from '../support/staff-page';

// Screens for people to look at: SCREENS_DIR, at SCREENS_WIDTH (default the project's 1280px).
const SCREENS_WIDTH = Number(process.env.SCREENS_WIDTH ?? 0);
if (SCREENS_WIDTH) test.use({ viewport: { width: SCREENS_WIDTH, height: 800 } });
const scan = scanInto;

type Shelf = { id: number; code: string; label: string; zone: string };

/** A zone of two shelves at the branch, new for this run (zones are 1–3 letters). */
async function newZone(request: APIRequestContext, admin: string, branchId: number): Promise<Shelf[]> {
  const letters = 'BCDFGHJKMNPQRSTVWXYZ';
  const n = Date.now();
  const zone = `W${letters[Math.floor(n / 1000) % 20]}${letters[n % 20]}`;
  const headers = { authorization: `Bearer ${admin}` };
  const made = await request.post(`/api/admin/branches/${branchId}/locations`, {
    headers,
    data: { zone, racks: { from: 1, to: 1 }, shelves: { from: 1, to: 2 } },
  });
  expect(made.ok()).toBe(true);
  const all = (await (await request.get(`/api/admin/branches/${branchId}/locations`, { headers })).json()) as { data: Shelf[] };
  return all.data.filter((s) => s.zone === zone);
}

/** The branch new customers are registered at (the country's first), which the demo branch clerk works at. */
async function customersBranch(request: APIRequestContext): Promise<number> {
  const countries = (await (await request.get('/api/countries')).json()) as { data: { id: number }[] };
  const branches = (await (await request.get(`/api/country/${countries.data[0]!.id}/branches`)).json()) as { data: { id: number }[] };
  return branches.data[0]!.id;
}

test('@desktop received → label → bagged → weighed → sealed → on a flight → the bag arrives with one scan (one missing) → shelved → pick list → hand-over', async ({
  page,
  browser,
  request,
  newCustomer,
}) => {
  test.setTimeout(180_000);
  const customer = await newCustomer();
  const stamp = Date.now().toString(36).toUpperCase();
  const codes = [`BG${stamp}A`, `BG${stamp}B`];
  const ref = `BAG-${stamp}`;
  for (const code of codes) {
    const saved = await request.post('/api/save-track', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { track_code: code },
    });
    expect(saved.ok()).toBe(true);
  }
  const branchId = await customersBranch(request);

  // Warehouse: receive both (1,25 + 0,75 kg); each gets our label (its number P…, the PDF opened to print).
  const warehouse = await staffPage(browser, page, '10.79.1.1', '/manage?work=receive', await apiLogin(request, DEMO.warehouseStaff));
  const numbers: string[] = [];
  for (const [i, code] of codes.entries()) {
    await warehouse.getByTestId('receive-code').fill(code);
    await warehouse.getByTestId('receive-weight').fill(i === 0 ? '1,25' : '0,75');
    await warehouse.getByTestId('receive-submit').click();
    await expect(warehouse.getByTestId('receive-results').locator('li').first()).toContainText(code);
    const label = warehouse.getByTestId('label-panel').first();
    await expect(label).toContainText(/P\d{10}/);
    numbers.push(/P\d{10}/.exec((await label.textContent())!)![0]);
  }
  expect(new Set(numbers).size).toBe(2);
  const [tab] = await Promise.all([
    warehouse.waitForEvent('popup'),
    warehouse.getByTestId('label-panel').first().getByTestId('label-pdf').click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  // A bag for their branch; both scanned in; a scan of an unknown code says so.
  await warehouse.getByTestId('work-bags').click();
  await warehouse.getByTestId('bag-branch').selectOption(String(branchId));
  await warehouse.getByTestId('bag-open').click();
  const panel = warehouse.getByTestId('bag-panel');
  await expect(panel).toHaveAttribute('data-status', 'open');
  const bagNumber = (await panel.getAttribute('data-bag'))!;
  expect(bagNumber).toMatch(/^G\d{10}$/);
  for (const code of codes) {
    await scan(warehouse, 'bag-scan', code);
    await expect(warehouse.getByTestId('bag-log').locator(`li[data-code="${code}"]`)).toContainText('Добавлена в мешок');
  }
  await scan(warehouse, 'bag-scan', `NO${stamp}`);
  await expect(warehouse.getByTestId('bag-log').locator(`li[data-code="NO${stamp}"]`)).toContainText('Посылки с таким кодом нет');
  await expect(warehouse.getByTestId('bag-count')).toContainText('Посылок: 2');

  // Weighed 100 g too heavy (2 kg + 0,3 kg tare = 2,3 kg ± 0,2 kg): refused to seal; then the right weight seals it.
  await warehouse.getByTestId('bag-weight').fill('2,55');
  await warehouse.getByTestId('bag-weigh').click();
  await expect(warehouse.getByTestId('bag-check')).toHaveAttribute('data-ok', 'false');
  await expect(warehouse.getByTestId('bag-check')).toContainText('вне допуска');
  await expect(warehouse.getByTestId('bag-check')).toContainText('вне допуска');
  await expect(warehouse.getByTestId('bag-seal')).toBeDisabled();
  await shot(warehouse, 'bags-out-of-tolerance');
  await warehouse.getByTestId('bag-weight').fill('2,35');
  await warehouse.getByTestId('bag-weigh').click();
  await expect(warehouse.getByTestId('bag-check')).toHaveAttribute('data-ok', 'true');
  await expect(warehouse.getByTestId('bag-check')).toContainText('в пределах допуска');
  await expect(warehouse.getByTestId('bag-check')).toContainText('в пределах допуска');
  await shot(warehouse, 'bags-weighed');
  await warehouse.getByTestId('bag-seal').click();
  await expect(panel).toHaveAttribute('data-status', 'sealed');

  // A new flight to every branch, and the bag on it: both parcels leave with it.
  await warehouse.getByTestId('flight-new').click();
  await warehouse.getByTestId('flight-ref').fill(ref);
  await warehouse.getByTestId('flight-departure').fill('2030-02-10');
  for (const field of await warehouse.getByTestId('flight-form').locator('input[data-testid^=flight-arrival-]').all())
    await field.fill('2030-02-20');
  await warehouse.getByTestId('flight-create').click();
  await expect(warehouse.getByTestId('dispatch-flight').locator('option:checked')).toContainText(ref);
  await warehouse.getByTestId('bag-dispatch').click();
  await expect(panel).toHaveAttribute('data-status', 'dispatched');
  await expect(panel).toContainText(ref);

  // The flight's manifest downloads as xlsx and PDF.
  const manifest = warehouse.getByTestId('manifest');
  await manifest
    .getByTestId('manifest-flight')
    .selectOption({ label: (await manifest.locator('option', { hasText: ref }).textContent())! });
  for (const format of ['xlsx', 'pdf'] as const) {
    const [download] = await Promise.all([warehouse.waitForEvent('download'), manifest.getByTestId(`manifest-${format}`).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^manifest-\\d+\\.${format}$`));
  }
  await shot(warehouse, 'bags-dispatched');

  // The branch: one scan of the bag's number, both arrive; one parcel is found in it, the other is listed missing.
  const branch = await staffPage(browser, page, '10.79.2.2', '/manage?work=bag_arrival', await apiLogin(request, DEMO.branchStaff));
  await scan(branch, 'bag-arrival-scan', bagNumber);
  const state = branch.getByTestId('bag-arrival-state');
  await expect(state).toHaveAttribute('data-outcome', 'arrived');
  await expect(state).toContainText('принято посылок 2 из 2');
  // Found by the number on our label (not the seller's code).
  await scan(branch, 'bag-found-scan', numbers[0]!);
  await expect(branch.getByTestId('bag-found-log').locator('li').first()).toContainText('Найдена');
  await expect(branch.getByTestId('bag-missing')).toHaveAttribute('data-count', '1');
  await expect(branch.getByTestId('bag-missing')).toContainText(codes[1]!);
  await expect(branch.getByTestId('bag-missing')).not.toContainText(codes[0]!);
  await expect(branch.getByTestId('bag-arrival-count')).toContainText('найдено 1 из 2');
  await shot(branch, 'bags-branch-missing');

  // A second scan of the same bag: already arrived, nothing arrives twice.
  await scan(branch, 'bag-arrival-scan', bagNumber);
  await expect(state).toHaveAttribute('data-outcome', 'already_arrived');

  // Shelved right there: the found parcel, then the shelf's code (a zone of this run's own).
  const shelves = await newZone(request, await apiLogin(request, DEMO.admin), branchId);
  const shelve = branch.getByTestId('shelve-panel');
  await scan(branch, 'shelve-scan', numbers[0]!);
  await expect(shelve.getByTestId('shelve-current')).toHaveAttribute('data-code', codes[0]!);
  await scan(branch, 'shelve-scan', shelves[1]!.code);
  await expect(shelve.getByTestId('shelve-log').locator(`li[data-code="${codes[0]}"]`)).toContainText(shelves[1]!.label);

  // The customer comes: the pick list names the shelf first, the missing parcel last as not shelved; the clerk hands
  // over what is there.
  await branch.getByTestId('work-handover').click();
  const qr = (await (await request.get('/api/qr', { headers: { authorization: `Bearer ${customer.token}` } })).json()) as {
    data: { token: string };
  };
  await branch.getByTestId('handover-scan').fill(qr.data.token);
  await branch.getByTestId('handover-scan').press('Enter');
  const rows = branch.getByTestId('handover-parcels').locator('li');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(codes[0]!);
  await expect(rows.nth(0).getByTestId('pick-shelf')).toHaveText(shelves[1]!.label);
  await expect(rows.nth(1)).toContainText(codes[1]!);
  await rows.nth(1).locator('input[type=checkbox]').uncheck();
  await branch.getByTestId('handover-confirm').click();
  await expect(branch.getByTestId('handover-receipt').getByTestId('receipt-item')).toHaveCount(1);
});
