import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A parcel of a new customer, on its way to their branch (the demo branch): saved, received and dispatched through the API. */
async function parcelOnTheWay(request: APIRequestContext, customerToken: string, code: string) {
  const warehouse = await apiLogin(request, DEMO.warehouseStaff);
  const steps = [
    request.post('/api/save-track', { headers: auth(customerToken), data: { track_code: code } }),
    request.post('/api/manage/receive', { headers: auth(warehouse), data: { track_code: code, weight: 1 } }),
    request.post('/api/manage/dispatch', { headers: auth(warehouse), data: { track_codes: [code] } }),
  ];
  for (const step of steps) expect((await step).ok()).toBe(true);
}

test('another branch takes a parcel only with a reason; the branch it was going to reads it in its worklist @desktop', async ({
  page,
  request,
  newCustomer,
}, testInfo) => {
  const customer = await newCustomer();
  const code = `RA${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'mobile' ? 'M' : 'D'}`;
  await parcelOnTheWay(request, customer.token, code);
  const admin = await apiLogin(request, DEMO.admin);
  const own = (await (await request.get('/api/auth/user', { headers: auth(await apiLogin(request, DEMO.branchStaff)) })).json()).data;
  const branches = (await (await request.get('/api/country/1/branches')).json()).data as { id: number }[];
  const other = branches.find((b) => b.id !== own.place.branch_id)!;

  // An admin receives it at another branch: flagged as addressed elsewhere.
  await openSignedIn(page, admin, `/manage?work=arrival&branch=${other.id}`);
  const field = page.getByTestId('arrival-scan');
  await field.click();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  const entry = page.getByTestId('arrival-log').locator(`li[data-code="${code}"]`);
  await expect(entry).toHaveAttribute('data-outcome', 'other_branch');

  // "Accept here" asks why; too short a reason is refused before anything moves.
  await entry.getByTestId('arrival-accept-other').click();
  const reason = entry.getByTestId('arrival-reason');
  await expect(reason).toBeFocused();
  await reason.fill('ok');
  await entry.getByTestId('arrival-accept-confirm').click();
  await expect(entry.getByText('Напишите хотя бы 3 символа: это прочтёт другой пункт.')).toBeVisible();
  await reason.fill('Клиент попросил выдать здесь');
  await entry.getByTestId('arrival-accept-confirm').click();
  await expect(page.getByTestId('arrival-log').locator(`li[data-code="${code}"]`)).toHaveAttribute('data-outcome', 'moved');

  // The branch it was going to sees who took it and why.
  await openSignedIn(page, await apiLogin(request, DEMO.branchStaff), '/manage?work=reports');
  await page.getByTestId('worklist-kind').selectOption('readdressed');
  const row = page.getByTestId('worklist-readdressed').getByTestId('worklist-row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('worklist-note')).toHaveText('Клиент попросил выдать здесь');

  // The customer is told where to collect it now.
  const me = (await (await request.get('/api/auth/user', { headers: { ...auth(customer.token), 'accept-language': 'ru' } })).json()).data;
  const note = (me.notifications.orders.data as { title: string; body: string }[]).find((n) => n.body.includes(code));
  expect(note?.title).toBe('Посылка ждёт вас в другом пункте');
  expect(note?.body).toContain('Пункт выдачи изменился');
});
