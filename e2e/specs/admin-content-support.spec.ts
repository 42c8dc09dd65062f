import { DEMO } from '../support/env';
import { expect, openSignedIn, test } from '../support/fixtures';
import { chooseLanguage, revealDeferred } from './content-helpers';

test.describe('admin content and support inbox', () => {
  test('@desktop an admin publishes news in three languages and answers a support request; the customer sees both', async ({
    page,
    browser,
    request,
    signInAs,
    newCustomer,
  }) => {
    const customer = await newCustomer();
    const sent = await request.post('/api/supports', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { category: 'order', message: 'Where is my parcel YT4455667788? It left the warehouse a week ago.', contact: customer.phone },
    });
    expect(sent.status()).toBe(201);
    const requestId = ((await sent.json()) as { data: { id: number } }).data.id;

    const stamp = Date.now().toString(36);
    const title = { kk: `Жаңа тариф ${stamp}`, ru: `Новый тариф ${stamp}`, en: `New tariff ${stamp}` };
    const body = { kk: 'Алматыда 1 кг енді арзанырақ.', ru: 'В Алматы 1 кг теперь дешевле.', en: 'One kilogram to Almaty now costs less.' };

    // The admin writes the news item; publishing without the Kazakh text is refused under that field.
    await signInAs(DEMO.admin, '/admin/content/news');
    await page.getByTestId('content-new').click();
    for (const lang of ['kk', 'ru', 'en'] as const) {
      await page.getByTestId('field-title').locator(`[data-lang=${lang}]`).fill(title[lang]);
      if (lang !== 'kk') await page.getByTestId('field-body').locator(`[data-lang=${lang}]`).fill(body[lang]);
    }
    await page.getByTestId('field-is_published').check();
    await page.getByTestId('content-save').click();
    await expect(page.getByTestId('field-body').getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/news\/new$/);
    await page.getByTestId('field-body').locator('[data-lang=kk]').fill(body.kk);
    // The preview shows the customer's view in the language picked above it.
    const preview = page.getByTestId('content-preview');
    await preview.getByRole('tab', { name: 'EN' }).click();
    await expect(preview).toContainText(title.en);
    await page.getByTestId('content-save').click();
    await expect(page.getByTestId('content-saved')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/news\/\d+$/);
    await page.goto('/admin/content/news');
    const row = page.getByTestId('content-row').filter({ hasText: title.ru });
    await expect(row).toContainText('Все языки');
    await expect(row).toContainText('Опубликована');

    // The admin finds the request in the inbox, sees the customer beside it and replies.
    await page.goto('/admin/supports');
    await page.getByTestId('supports-search').fill(customer.phone);
    await page.getByTestId('admin-list-find').click();
    await expect(page.getByTestId('support-row')).toHaveCount(1);
    await page.getByTestId('support-open').click();
    await expect(page.getByTestId('admin-support-customer')).toContainText(customer.phone);
    const reply = `Your parcel lands in Almaty on Friday (${stamp}).`;
    await page.getByTestId('admin-support-reply').fill(reply);
    await page.getByTestId('admin-support-send').click();
    await expect(page.getByTestId('admin-support-message')).toContainText(reply);
    await expect(page.getByTestId('support-state')).toHaveText('Есть ответ');

    // The customer sees the news in each language and the reply in "my requests".
    const context = await browser.newContext();
    const own = await context.newPage();
    await openSignedIn(own, customer.token, '/');
    await revealDeferred(own);
    await expect(own.getByTestId('news-card').first()).toContainText(title.ru);
    await chooseLanguage(own, 'English');
    await expect(own.getByTestId('news-card').first()).toContainText(title.en);
    await chooseLanguage(own, 'Қазақша');
    await expect(own.getByTestId('news-card').first()).toContainText(title.kk);
    await chooseLanguage(own, 'Русский');

    await own.goto('/support');
    const mine = own.getByTestId('my-request').filter({ hasText: `№${requestId}` });
    await expect(mine).toContainText('Есть ответ');
    await mine.click();
    await expect(own).toHaveURL(new RegExp(`/support\\?request=${requestId}$`));
    await expect(own.getByTestId('support-message')).toContainText(reply);
    await own.getByTestId('support-answer').fill('Thank you! Can I pick it up on Saturday?');
    await own.getByTestId('support-answer-send').click();
    await expect(own.getByTestId('support-message')).toHaveCount(2);
    await expect(own.getByTestId('support-state')).toHaveText('В работе');
    await context.close();
  });
});
