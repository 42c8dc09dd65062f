import { DEMO } from '../support/env';
import { apiLogin, enterCode, expect, nationalPart, openSignedIn, test, uniquePhone } from '../support/fixtures';
import { codeFor, readOutbox } from '../support/outbox';

/**
 * Issue 30 part 6 (ADR 069): a customer who lost their SIM and forgot the password is moved by an admin to a new number
 * and signs in with it; then they delete their account with a code from the new SIM.
 */
test.describe('rescue and erasure', () => {
  test('@desktop an admin moves a locked-out customer to a new number; they sign in with it, then delete the account', async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    const customer = await newCustomer();
    const me = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${customer.token}` } });
    const id = (await me.json()).data.id as number;
    // Locked out: wrong passwords until the number waits.
    for (let i = 0; i < 5; i++)
      await request.post('/api/auth/login', { data: { phone_number: customer.phone, password: 'Not-My-Password-9' } });

    // The admin, at the counter with the customer's ID in hand.
    await openSignedIn(page, await apiLogin(request, DEMO.admin), `/admin/users/${id}`);
    await expect(page.getByTestId('admin-user')).toBeVisible();
    await page.getByTestId('user-change-phone').click();
    const sheet = page.getByRole('dialog', { name: 'Перевести клиента на новый номер' });
    const target = uniquePhone(testInfo.workerIndex);
    await sheet.getByLabel('Новый номер телефона').fill(nationalPart(target));
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await expect(sheet.getByText('Не меньше 3 символов')).toBeVisible();
    await sheet.getByTestId('rescue-reason').fill('Потерял SIM-карту, паспорт проверен в филиале');
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await expect(sheet.getByTestId('rescue-phone-confirm')).toContainText(nationalPart(target));
    await sheet.getByRole('button', { name: 'Сменить номер' }).click();
    await expect(page.getByTestId('user-saved')).toHaveText(/Номер изменён/);
    await expect(page.getByTestId('admin-user')).toContainText(target);
    const sms = readOutbox().filter((m) => m.to === target && m.purpose === 'phone_changed_by_admin');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('«Забыли пароль?»');

    // The customer, on their new SIM: the old session is over; the new number and the same password sign in.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByLabel('Номер телефона').fill(nationalPart(target));
    await page.getByLabel('Пароль', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/$/);

    // They delete the account: warning, a code to the new number, gone.
    await page.goto('/profile/account');
    await page.getByTestId('delete-account-open').click();
    const del = page.getByRole('dialog', { name: 'Удаление аккаунта' });
    await expect(del.getByText('Это нельзя отменить.', { exact: false })).toBeVisible();
    const since = Date.now();
    await del.getByRole('button', { name: 'Отправить код' }).click();
    await enterCode(page, await codeFor(target, 'delete_account', since));
    await del.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Ваш аккаунт удалён')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const again = await request.post('/api/auth/login', { data: { phone_number: target, password: customer.password } });
    expect(again.status()).toBe(401);
  });
});
