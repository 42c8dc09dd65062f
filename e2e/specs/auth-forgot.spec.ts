import { codeFor } from '../support/outbox';
import { enterCode, expect, nationalPart, test } from '../support/fixtures';

test('forgot password: code → verify → new password, then sign in with it @mobile', async ({ page, newCustomer }) => {
  const account = await newCustomer();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-code$/);

  const since = Date.now();
  await page.getByLabel('Номер телефона').fill(nationalPart(account.phone));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-verify$/);
  await enterCode(page, await codeFor(account.phone, 'forgot', since));
  await expect(page).toHaveURL(/\/auth\/forgot-form$/);

  await page.getByLabel('Новый пароль').fill('Irtysh-River-2031');
  await page.getByLabel('Повторите пароль').fill('Irtysh-River-2031');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();

  // The phone is carried over; the old password no longer works, the new one does.
  await expect(page.getByLabel('Номер телефона')).toHaveValue(nationalPart(account.phone));
  await page.getByLabel('Пароль', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный номер телефона или пароль')).toBeVisible();
  await page.getByLabel('Пароль', { exact: true }).fill('Irtysh-River-2031');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/$/);
});
