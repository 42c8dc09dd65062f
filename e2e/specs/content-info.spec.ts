import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { chooseLanguage, flipTheme, offline } from './content-helpers';

test.describe('information pages', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await offline(context, baseURL);
  });

  test('prohibited items: twelve, each with its reason @desktop', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/prohibited-items');
    await expect(page.getByRole('heading', { level: 1, name: 'Запрещённые товары' })).toBeVisible();
    const items = page.getByTestId('prohibited-item');
    await expect(items).toHaveCount(12);
    await expect(items.first()).toContainText('Аккумуляторы и пауэрбанки');
    await expect(items.first()).toContainText('Батарея внутри телефона или ноутбука допускается.');
    await chooseLanguage(page, 'English');
    await expect(items.first()).toContainText('Batteries and power banks');
    await flipTheme(page);
  });

  test('FAQ: answers open in place; search narrows the list and says when nothing matches @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/faq');
    const items = page.getByTestId('faq-item');
    await expect(items).toHaveCount(15);
    await expect(page.getByText('15 вопросов')).toBeVisible();
    const payment = items.filter({ hasText: 'Как оплатить доставку?' });
    await expect(payment.getByText(/Kaspi QR/)).toBeHidden();
    await payment.getByText('Как оплатить доставку?').click();
    await expect(payment.getByText(/Kaspi QR/)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Поиск по вопросам' });
    await search.fill('страховка');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Можно ли застраховать посылку?');
    await expect(page.getByText('Найден 1 вопрос')).toBeVisible();
    await search.fill('телепортация');
    await expect(page.getByRole('heading', { name: 'По запросу «телепортация» ничего не найдено' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Спросить поддержку' })).toHaveAttribute('href', '/support');
    await search.fill('');
    await expect(items).toHaveCount(15);

    await chooseLanguage(page, 'Қазақша');
    await expect(items.first()).toContainText('Сәлемдеме қанша уақытта жетеді?');
    await flipTheme(page);
  });

  test('support: checks the form, then sends the request and says so @mobile', async ({ page, newCustomer }) => {
    const customer = await newCustomer();
    await page.goto('/legal/terms.html');
    await page.evaluate((t) => localStorage.setItem('token', t), customer.token);
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Поддержка' })).toBeVisible();
    // Contact and name come from the account.
    await expect(page.getByLabel('Как с вами связаться')).not.toHaveValue('');
    await expect(page.getByLabel('Ваше имя (необязательно)')).toHaveValue(`${customer.firstName} ${customer.lastName}`);

    await page.getByLabel('Как с вами связаться').fill('позвоните мне');
    await page.getByTestId('support-submit').click();
    await expect(page.getByText('Это поле обязательно')).toHaveCount(2);
    await expect(page.getByText('Укажите номер телефона или e-mail')).toBeVisible();

    await page.getByLabel('Тема').selectOption({ label: 'Сроки доставки' });
    await page.getByLabel('Ваше сообщение').fill('Коротко');
    await page.getByLabel('Как с вами связаться').fill('aigerim@example.kz');
    await page.getByTestId('support-submit').click();
    await expect(page.getByText('Опишите вопрос хотя бы в 10 символах')).toBeVisible();

    await page.getByLabel('Ваше сообщение').fill('Посылка YT2345678901234 не обновляется уже неделю, подскажите, где она?');
    await expect(page.getByText('71 / 2000')).toBeVisible();
    await page.getByTestId('support-submit').click();
    const success = page.getByTestId('support-success');
    await expect(success).toBeVisible();
    await expect(success).toContainText('Обращение отправлено');
    await expect(success).toContainText(/Обращение №\d+ принято/);
    await success.getByRole('button', { name: 'Отправить ещё' }).click();
    await expect(page.getByLabel('Ваше сообщение')).toHaveValue('');
  });

  test('contacts: tap-to-call and mailto from settings, and the messengers @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await expect(page.getByTestId('contact-phone')).toHaveAttribute('href', 'tel:+77273501010');
    await expect(page.getByTestId('contact-phone')).toContainText('+7 727 350 10 10');
    await expect(page.getByTestId('contact-email')).toHaveAttribute('href', 'mailto:support@orda-cargo.kz');
    await expect(page.getByRole('link', { name: /Telegram/ }).last()).toHaveAttribute('href', 'https://t.me/orda_cargo');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await flipTheme(page);
  });
});
