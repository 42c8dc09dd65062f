import { codeFor } from '../support/outbox';
import { enterCode, expect, test, uniquePhone } from '../support/fixtures';

test.describe('registration', () => {
  test('validates, then walks code → verify → form and signs the new customer in', async ({ page }, testInfo) => {
    const phone = uniquePhone(testInfo.workerIndex);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await expect(page).toHaveURL(/\/auth\/register-code$/);

    // Spec section 5 messages, in the default language (ru).
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByText('Введите номер телефона')).toBeVisible();

    const since = Date.now();
    await page.getByLabel('Номер телефона').fill(phone.slice(2));
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page).toHaveURL(/\/auth\/register-verify$/);
    await expect(page.getByTestId('resend-countdown')).toBeVisible();

    // An incomplete code is refused before any call; a wrong one gets the API's message.
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByText('Введите код полностью!')).toBeVisible();
    const code = await codeFor(phone, 'register', since);
    const wrong = code === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await expect(page.getByText('Неверный код')).toBeVisible();
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/auth\/register-form$/);

    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    await expect(page.getByText('Это поле обязательно').first()).toBeVisible();
    await expect(page.getByText('Введите пароль')).toBeVisible();

    await page.getByLabel('Имя').fill('Мадина');
    await page.getByLabel('Фамилия').fill('Оспанова');
    await page.getByLabel('Филиал выдачи').selectOption({ label: 'Астана — Сарыарка' });
    await page.getByRole('radio', { name: 'Женский' }).check();
    await page.getByLabel('Дата рождения').fill('1996-04-21');
    await page.getByLabel('Пароль', { exact: true }).fill('abc');
    await page.getByLabel('Повторите пароль').fill('abd');
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    await expect(page.getByText('Пароль должен содержать не менее 6 символов')).toBeVisible();
    await page.getByLabel('Пароль', { exact: true }).fill('Karaganda-Steppe-77');
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();
    await expect(page.getByText('Пароли должны совпадать')).toBeVisible();
    await page.getByLabel('Повторите пароль').fill('Karaganda-Steppe-77');
    await page.getByRole('button', { name: 'Создать аккаунт' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Добро пожаловать! Аккаунт создан.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.goto('/profile');
    await expect(page.getByText('Мадина Оспанова')).toBeVisible();
    await expect(page.getByTestId('client-code')).toHaveText(/^KZ-\d+$/);
    await expect(page.getByText('Астана — Сарыарка')).toBeVisible();
  });

  test('a registered number is refused with a way to sign in', async ({ page }) => {
    await page.goto('/auth/register-code');
    await page.getByLabel('Номер телефона').fill('7010000001');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByText('Этот номер телефона уже зарегистрирован')).toBeVisible();
    await page.getByRole('link', { name: 'Войти с этим номером' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the verify and form steps send a visitor without a flow back to the start', async ({ page }) => {
    await page.goto('/auth/register-form');
    await expect(page).toHaveURL(/\/auth\/register-code$/);
    await page.goto('/auth/forgot-verify');
    await expect(page).toHaveURL(/\/auth\/forgot-code$/);
  });
});
