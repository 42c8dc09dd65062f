import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';

/** Shelves at the branch (issue 35, ADR 083): arrival → shelve by scan → pick list → hand-over; a blind stock-take. */

/** Types a code the way a hand scanner does: characters, then Enter. */
async function scan(page: Page, testId: string, code: string) {
  const field = page.getByTestId(testId);
  await field.click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, token: string, data?: unknown): Promise<T> {
  const res = await request[method](`/api/${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}: ${JSON.stringify(body)}`);
  return (body as { data: T }).data;
}

type Shelf = { id: number; code: string; label: string; zone: string };

/** A zone of three shelves at the demo branch, new for this run (zones are 1–3 letters). */
async function newZone(request: APIRequestContext, admin: string, branchId: number): Promise<Shelf[]> {
  const letters = 'BCDFGHJKMNPQRSTVWXYZ';
  const n = Date.now();
  const zone = `Q${letters[Math.floor(n / 1000) % 20]}${letters[n % 20]}`;
  await api(request, 'post', `admin/branches/${branchId}/locations`, admin, {
    zone,
    racks: { from: 1, to: 1 },
    shelves: { from: 1, to: 3 },
  });
  const all = await api<Shelf[]>(request, 'get', `admin/branches/${branchId}/locations`, admin);
  return all.filter((s) => s.zone === zone);
}

/** Parcels saved by the customer, received and dispatched by the warehouse: in transit to the demo branch. */
async function inTransit(request: APIRequestContext, customer: string, count: number, tag: string): Promise<string[]> {
  const warehouse = await apiLogin(request, DEMO.warehouseStaff);
  const codes = Array.from({ length: count }, (_, i) => `SHF${Date.now().toString(36).toUpperCase()}${tag}${i}`);
  for (const code of codes) {
    await api(request, 'post', 'save-track', customer, { track_code: code });
    await api(request, 'post', 'manage/receive', warehouse, { track_code: code, weight: 1 });
  }
  await api(request, 'post', 'manage/dispatch', warehouse, { track_codes: codes });
  return codes;
}

test.describe('shelves at the branch', () => {
  test('arrival → shelve by scan → pick list in shelf order → hand-over @desktop', async ({ page, request, newCustomer }, testInfo) => {
    test.setTimeout(180_000);
    const tag = testInfo.project.name === 'mobile' ? 'M' : 'D';
    const customer = await newCustomer();
    const admin = await apiLogin(request, DEMO.admin);
    const branchToken = await apiLogin(request, DEMO.branchStaff);
    const ctx = await api<{ place_branch: { id: number } }>(request, 'get', 'manage/context', branchToken);
    const shelves = await newZone(request, admin, ctx.place_branch.id);
    const [first, second] = await inTransit(request, customer.token, 2, tag);

    await openSignedIn(page, branchToken, '/manage?work=arrival');
    await scan(page, 'arrival-scan', first!);
    await expect(page.getByTestId('arrival-log').locator(`li[data-code="${first}"]`)).toHaveAttribute('data-outcome', 'moved');
    await scan(page, 'arrival-scan', second!);
    await expect(page.getByTestId('arrival-log').locator(`li[data-code="${second}"]`)).toHaveAttribute('data-outcome', 'moved');

    // Shelving right there: scan the parcel, its suggested shelf shows; scan the shelf → placed.
    const panel = page.getByTestId('shelve-panel');
    await expect(panel.getByTestId('unshelved-list').locator(`li[data-code="${first}"]`)).toBeVisible();
    await scan(page, 'shelve-scan', first!);
    await expect(panel.getByTestId('shelve-current')).toHaveAttribute('data-code', first!);
    await scan(page, 'shelve-scan', shelves[2]!.code);
    await expect(panel.getByTestId('shelve-log').locator(`li[data-code="${first}"]`)).toContainText(shelves[2]!.label);
    // The second parcel of the same customer: suggested where the first one is.
    await scan(page, 'shelve-scan', second!);
    await expect(panel.getByTestId('shelve-suggested')).toHaveText(shelves[2]!.label);
    // The clerk puts it on another shelf (typed by its name): placed there anyway, and said so.
    await scan(page, 'shelve-scan', shelves[0]!.label);
    const placed = panel.getByTestId('shelve-log').locator(`li[data-code="${second}"]`);
    await expect(placed).toContainText(shelves[0]!.label);
    await expect(placed).toContainText(shelves[2]!.label);

    // Hand-over: the pick list in shelf order (…-1 before …-3).
    await page.getByTestId('work-handover').click();
    const qr = await api<{ token: string }>(request, 'get', 'qr', customer.token);
    await page.getByTestId('handover-scan').fill(qr.token);
    await page.getByTestId('handover-scan').press('Enter');
    const tags = page.getByTestId('handover-parcels').getByTestId('pick-shelf');
    await expect(tags).toHaveCount(2);
    await expect(tags.nth(0)).toHaveText(shelves[0]!.label);
    await expect(tags.nth(1)).toHaveText(shelves[2]!.label);
    await page.getByTestId('handover-confirm').click();
    await expect(page.getByTestId('handover-receipt').getByTestId('receipt-item')).toHaveCount(2);

    // Handed over: the shelves are free again.
    const after = await api<{ id: number; parcels: number }[]>(request, 'get', `admin/branches/${ctx.place_branch.id}/locations`, admin);
    expect(after.filter((s) => shelves.some((z) => z.id === s.id)).map((s) => s.parcels)).toEqual([0, 0, 0]);
  });

  test('stock-take: one missing and one extra parcel, decided @mobile', async ({ page, request, newCustomer }, testInfo) => {
    test.setTimeout(180_000);
    const tag = testInfo.project.name === 'mobile' ? 'M' : 'D';
    const customer = await newCustomer();
    const admin = await apiLogin(request, DEMO.admin);
    const branchToken = await apiLogin(request, DEMO.branchStaff);
    const ctx = await api<{ place_branch: { id: number } }>(request, 'get', 'manage/context', branchToken);
    const zone = await newZone(request, admin, ctx.place_branch.id);
    const codes = await inTransit(request, customer.token, 3, `${tag}S`);
    await api(request, 'post', 'manage/arrive', branchToken, { track_codes: codes });
    const [kept, missing, extra] = codes as [string, string, string];
    await api(request, 'post', 'manage/shelves/place', branchToken, { parcel: kept, shelf: zone[0]!.code });
    await api(request, 'post', 'manage/shelves/place', branchToken, { parcel: missing, shelf: zone[1]!.code });
    // `extra` waits here with no shelf: the counter will find it in the zone.

    await openSignedIn(page, branchToken, '/manage?work=stock_take');
    await page.getByTestId('stock-zone').selectOption(zone[0]!.zone);
    await page.getByTestId('stock-start').click();
    await expect(page.getByTestId('stock-open')).toBeVisible();
    await scan(page, 'stock-scan', zone[0]!.code);
    await expect(page.getByTestId('stock-shelf')).toContainText(zone[0]!.label);
    await scan(page, 'stock-scan', kept);
    await scan(page, 'stock-scan', extra);
    await expect(page.getByTestId('stock-count-parcels')).toContainText('2');
    await page.getByTestId('stock-finish').click();

    const diffs = page.getByTestId('stock-differences');
    const missingRow = diffs.locator(`[data-testid=difference][data-code="${missing}"]`);
    const extraRow = diffs.locator(`[data-testid=difference][data-code="${extra}"]`);
    await expect(missingRow).toHaveAttribute('data-kind', 'missing');
    await expect(extraRow).toHaveAttribute('data-kind', 'extra');
    await expect(diffs.getByTestId('difference')).toHaveCount(2);
    await missingRow.getByTestId('decide-mark_missing').click();
    await expect(missingRow.getByTestId('decision')).toBeVisible();
    await extraRow.getByTestId('decide-place_here').click();
    await expect(extraRow.getByTestId('decision')).toBeVisible();

    // The Missing worklist lists it.
    await page.getByTestId('work-missing').click();
    await expect(page.getByTestId('missing-list').locator(`li[data-code="${missing}"]`)).toBeVisible();
  });
});
