import { apiLogin, enterCode, expect, openSignedIn, test } from '../support/fixtures';
import { codeFor } from '../support/outbox';
import { uniquePhone } from '../support/fixtures';

test.describe('account', () => {
  test('profile shows the client code; your data are edited and saved @mobile', async ({ page, newCustomer }) => {
    const account = await newCustomer();
    await openSignedIn(page, account.token, '/profile');
    await expect(page.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
    await expect(page.getByTestId('client-code')).toHaveText(/^KZ-\d+$/);
    await expect(page.getByTestId('entry-manage')).toHaveCount(0);
    await expect(page.getByTestId('entry-admin')).toHaveCount(0);

    await page.getByTestId('entry-account').click();
    await expect(page).toHaveURL(/\/profile\/account$/);
    const save = page.getByRole('button', { name: 'Сохранить' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Имя').fill('');
    await save.click();
    await expect(page.getByText('Это поле обязательно')).toBeVisible();
    await page.getByLabel('Имя').fill('Айдана');
    await page.getByLabel('Филиал выдачи').selectOption({ label: 'Бишкек — Чуй' });
    await save.click();
    await expect(page.getByText('Сохранено')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Имя')).toHaveValue('Айдана');
    await expect(page.getByLabel('Филиал выдачи')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Филиал выдачи').locator('option:checked')).toHaveText('Бишкек — Чуй');
  });

  test('phone change: a code to the current number, then the new number proven by its own code @mobile', async ({
    page,
    request,
    newCustomer,
  }, testInfo) => {
    const account = await newCustomer();
    const newPhone = uniquePhone(testInfo.workerIndex + 5);
    await openSignedIn(page, account.token, '/profile/account');
    await page.getByRole('link', { name: 'Сменить номер' }).click();
    await expect(page).toHaveURL(/\/profile\/account\/update-code$/);

    const since = Date.now();
    await page.getByRole('button', { name: 'Отправить код' }).click();
    await expect(page).toHaveURL(/\/profile\/account\/update-verify$/);
    await enterCode(page, await codeFor(account.phone, 'update_phone', since));
    await expect(page).toHaveURL(/\/profile\/account\/update-phone$/);

    const sendNew = page.getByRole('button', { name: 'Отправить код на этот номер' });
    await sendNew.click();
    await expect(page.getByText('Введите номер телефона')).toBeVisible();
    // The current number is refused before any SMS.
    await page.getByLabel('Новый номер телефона').fill(account.phone.slice(2));
    await sendNew.click();
    await expect(page.getByText('Это ваш текущий номер. Введите новый')).toBeVisible();
    await page.getByLabel('Новый номер телефона').fill(newPhone.slice(2));
    const sentAt = Date.now();
    await sendNew.click();
    // The code to the new number is entered on this same screen; only then is the number saved.
    await expect(page).toHaveURL(/\/profile\/account\/update-phone$/);
    await enterCode(page, await codeFor(newPhone, 'new_phone', sentAt));
    await expect(page).toHaveURL(/\/profile\/account$/);
    await expect(page.getByText('Сохранено')).toBeVisible();
    const digits = newPhone.slice(2);
    await expect(page.getByTestId('account-phone')).toHaveText(
      `+7 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`,
    );

    // The account now signs in with the new number only.
    expect(await apiLogin(request, newPhone, account.password)).toBeTruthy();
    const old = await request.post('/api/auth/login', { data: { phone_number: account.phone, password: account.password } });
    expect(old.status()).toBe(401);
  });

  test('staff see Management, admins also the Admin panel; customers get no access to /manage @desktop', async ({ page, signInAs }) => {
    await signInAs('+77010000003', '/profile');
    await expect(page.getByTestId('entry-manage')).toBeVisible();
    await expect(page.getByTestId('entry-admin')).toHaveCount(0);

    await signInAs('+77010000004', '/profile');
    await expect(page.getByTestId('entry-manage')).toBeVisible();
    await expect(page.getByTestId('entry-admin')).toBeVisible();

    await signInAs('+77010000001', '/manage');
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  });
});
