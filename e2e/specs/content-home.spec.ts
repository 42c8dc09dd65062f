import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { chooseLanguage, flipTheme, offline, revealDeferred } from './content-helpers';

test.describe('home', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await offline(context, baseURL);
  });

  test('shows every block: track box, QR shortcut, China address, branches, lessons, marketplaces, prohibited items, news', async ({
    page,
    signInAs,
  }) => {
    await signInAs(DEMO.customer, '/');
    await expect(page.getByRole('heading', { level: 1, name: /Здравствуйте, Айгерим!/ })).toBeVisible();
    await expect(page.getByTestId('track-box')).toBeVisible();
    await expect(page.getByTestId('qr-shortcut')).toHaveAttribute('href', '/qr');
    await expect(page.getByTestId('china-address').getByRole('heading', { name: 'Ваш адрес в Китае', exact: true })).toBeVisible();
    await expect(page.getByTestId('address-line-recipient')).toContainText(/Orda KZ-\d+/);
    await expect(page.getByTestId('section-branches').getByTestId('branch-card').first()).toContainText('Ваш филиал');
    await revealDeferred(page);
    await expect(page.getByTestId('section-lessons').getByTestId('lesson-card')).toHaveCount(5);
    const markets = page.getByTestId('marketplace-link');
    await expect(markets).toHaveCount(6);
    for (const link of await markets.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(markets.first()).toHaveAttribute('href', 'https://world.taobao.com');
    await expect(page.getByTestId('section-prohibited').getByRole('link', { name: /Все 12/ })).toHaveAttribute('href', '/prohibited-items');
    await expect(page.getByTestId('news-card')).toHaveCount(3);
  });

  test('copies the China address: all at once and line by line, saying "Copied" @mobile', async ({ page, context, signInAs }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(DEMO.customer, '/');
    const recipient = await page.getByTestId('address-line-recipient').getByTestId('address-value').innerText();
    const code = /KZ-\d+/.exec(recipient)![0];

    await page.getByTestId('copy-all').click();
    await expect(page.getByText('Скопировано').first()).toBeVisible();
    const all = await page.evaluate(() => navigator.clipboard.readText());
    expect(all.split('\n')).toHaveLength(7);
    expect(all).toContain(`Получатель: Orda ${code}`);
    expect(all).toContain('Индекс: 510430');

    await page.getByRole('button', { name: 'Скопировать: Индекс' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('510430');
    await page.getByRole('button', { name: 'Скопировать: Адрес' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(code);
  });

  test('the track box answers in place on the home page @desktop', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/');
    const box = page.getByTestId('track-box');
    await box.getByTestId('track-search-input').fill('YT0000000000000');
    await box.getByTestId('track-search-submit').click();
    await expect(page.getByTestId('track-result')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('opens a news item to read, closes it, and loads more news @mobile', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/');
    await revealDeferred(page);
    const first = page.getByTestId('news-card').first();
    const title = await first.getByRole('heading').innerText();
    await first.getByRole('button').click();
    const reader = page.getByRole('dialog', { name: title });
    await expect(reader).toBeVisible();
    await expect(reader.getByTestId('news-reader')).toContainText('Kaspi');
    await expect(page).toHaveURL(/\?news=\d+/);
    await page.keyboard.press('Escape');
    await expect(reader).toBeHidden();
    await page.getByRole('button', { name: 'Ещё новости' }).click();
    await expect(page.getByTestId('news-card')).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Ещё новости' })).toHaveCount(0);
  });

  test('switches language and theme on the home page @desktop', async ({ page, signInAs }) => {
    await signInAs(DEMO.customer, '/');
    await expect(page.getByRole('heading', { name: 'Ваш адрес в Китае', exact: true })).toBeVisible();
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Your China address', exact: true })).toBeVisible();
    await expect(page.getByTestId('address-line-province')).toContainText('Province');
    await revealDeferred(page);
    await expect(page.getByTestId('section-lessons').getByTestId('lesson-card').first()).toContainText('How to sign up');
    await chooseLanguage(page, 'Қазақша');
    await expect(page.getByRole('heading', { name: 'Қытайдағы мекенжайыңыз', exact: true })).toBeVisible();
    await expect(page.getByTestId('news-card').first()).toContainText('Kaspi QR енді барлық беру пункттерінде');
    await flipTheme(page);
    await flipTheme(page);
  });
});
