import { DEMO, DEMO_PASSWORD } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe('sign in and out', () => {
  test('wrong password is refused; the right one signs in; logout returns to / and the guard sends to /auth', async ({ page, mobile }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Введите номер телефона')).toBeVisible();
    await expect(page.getByText('Введите пароль')).toBeVisible();

    await page.getByLabel('Номер телефона').fill('701 000 00 01');
    await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Неверный номер телефона или пароль')).toBeVisible();

    await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/$/);
    if (mobile) await expect(page.getByTestId('bottom-bar')).toBeVisible();
    else await expect(page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Профиль' })).toBeVisible();

    await page.getByTestId('settings-button').click();
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByTestId('bottom-bar')).toHaveCount(0);
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/auth\?next=%2Forders$/);
  });

  test('a stored token signs in at start; a revoked one leaves the visitor signed out @desktop', async ({ page, request }) => {
    const login = await request.post('/api/auth/login', { data: { phone_number: DEMO.customer, password: DEMO_PASSWORD } });
    const token = (await login.json()).data.access.token as string;
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();

    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.reload();
    await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  });
});
