import type { APIRequestContext } from '@playwright/test';
import { BASE_URL, DEMO } from '../support/env';
import { apiLogin, expect, openSignedIn, test, uniquePhone } from '../support/fixtures';
import { readOutbox } from '../support/outbox';

async function api<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', url: string, token: string, data?: unknown) {
  const res = await request.fetch(`/api/${url}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Capabilities and invitations (issue 32, ADR 075): journeys only; the rules are proven in the API tests. */
test.describe('staff capabilities and invitations', () => {
  test('the admin grants corrections to a clerk, who then corrects a mistyped weight at their branch @desktop', async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    test.setTimeout(120_000);
    const [admin, warehouse, branchStaff] = await Promise.all([
      apiLogin(request, DEMO.admin),
      apiLogin(request, DEMO.warehouseStaff),
      apiLogin(request, DEMO.branchStaff),
    ]);
    // A parcel of a new customer waiting at the demo branch (new customers pick up there).
    const owner = await newCustomer();
    const code = `CAP${Date.now().toString(36).toUpperCase()}${testInfo.workerIndex}`;
    await api(request, 'POST', 'save-track', owner.token, { track_code: code });
    await api(request, 'POST', 'manage/receive', warehouse, { track_code: code, weight: 12.5 });
    await api(request, 'POST', 'manage/dispatch', warehouse, { track_codes: [code] });
    await api(request, 'POST', 'manage/arrive', branchStaff, { track_codes: [code] });
    const { place_branch } = await api<{ place_branch: { id: number } }>(request, 'GET', 'manage/context', branchStaff);

    // A new clerk at that branch, without corrections.
    const clerk = await newCustomer();
    const found = await api<{ id: number }[]>(request, 'GET', `admin/users?filters[search]=${clerk.phone.slice(-7)}`, admin);
    await api(request, 'PATCH', `admin/users/${found[0]!.id}`, admin, {
      role: 'staff',
      place: { kind: 'branch', branch_id: place_branch.id },
      capabilities: [],
    });
    const clerkToken = await apiLogin(request, clerk.phone, clerk.password);
    const clerkCtx = await page
      .context()
      .browser()!
      .newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    const counter = await clerkCtx.newPage();
    // One search box: the code finds the parcel among the results, which opens it.
    const findParcel = async () => {
      await counter.getByTestId('find-input').fill(code);
      await counter.getByTestId('find-input').press('Enter');
      await counter.getByTestId('find-group-parcels').getByRole('button', { name: code }).click();
      await expect(counter.getByTestId('find-parcel')).toBeVisible();
    };
    await openSignedIn(counter, clerkToken, '/manage?work=find');
    await findParcel();
    await expect(counter.getByTestId('correction-open')).toHaveCount(0);

    // The admin ticks "Corrections" on the clerk's page.
    await openSignedIn(page, admin, `/admin/users/${found[0]!.id}`);
    await expect(page.getByTestId('user-capabilities')).toBeVisible();
    await expect(page.getByTestId('capability-corrections')).not.toBeChecked();
    await page.getByTestId('capability-corrections').check();
    await page.getByTestId('user-save').click();
    await expect(page.getByTestId('user-saved')).toBeVisible();

    // The clerk's next look at the parcel offers the correction, and the weight is corrected.
    await counter.reload();
    await findParcel();
    await counter.getByTestId('correction-open').click();
    await expect(counter.getByTestId('correction-kind').locator('option')).toHaveText(['Вес', 'Размеры', 'Стоимость']);
    await counter.getByTestId('correction-weight').fill('1,25');
    await counter.getByTestId('correction-reason').fill('Опечатка при приёмке');
    await counter.getByTestId('correction-submit').click();
    await expect(counter.getByText('Исправлено. Клиент уведомлён.')).toBeVisible();
    await expect(counter.getByTestId('find-parcel')).toContainText('1,25');
    await clerkCtx.close();
  });

  test('an invited staff member sets a password from the SMS link and signs in @desktop', async ({ page, request, browser }, testInfo) => {
    const phone = uniquePhone(testInfo.workerIndex);
    await openSignedIn(page, await apiLogin(request, DEMO.admin), '/admin/users');
    await page.getByTestId('create-staff-open').click();
    const form = page.getByTestId('create-staff');
    await form.getByLabel('Телефон').fill(phone);
    await form.getByLabel('Имя').fill('Асель');
    await form.getByLabel('Фамилия').fill('Приглашённая');
    await page.getByTestId('create-language').selectOption('kk');
    await form.getByTestId('create-place').selectOption('china_warehouse');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form.getByText(/SMS с приглашением отправлено/)).toBeVisible();
    await page.getByTestId('users-search').fill(phone.slice(-7));
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page.getByTestId('user-invited')).toHaveText('Приглашён, ещё не принял');

    const sms = readOutbox()
      .filter((m) => m.to === phone && m.purpose === 'staff_invitation')
      .at(-1)!;
    expect(sms.text).toContain('72 сағат');
    const link = sms.text.match(/https?:\/\/\S+/)![0];
    const guest = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU' });
    const person = await guest.newPage();
    await person.goto(new URL(link).pathname + new URL(link).search);
    await expect(person.getByTestId('set-password-page')).toContainText('Асель');
    await person.getByLabel('Новый пароль').fill('Kettle-Window-42');
    await person.getByLabel('Повторите пароль').fill('Kettle-Window-42');
    await person.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(person).toHaveURL(/\/auth$/);
    await person.getByLabel('Пароль', { exact: true }).fill('Kettle-Window-42');
    await person.getByRole('button', { name: 'Войти' }).click();
    await expect(person).not.toHaveURL(/\/auth/);
    await person.goto('/manage');
    await expect(person.getByTestId('manage-page')).toHaveAttribute('data-work', 'receive');
    await guest.close();
  });
});
