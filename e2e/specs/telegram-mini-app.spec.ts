import { telegramBotToken } from '../support/fakes';
import { expect, test, uniquePhone } from '../support/fixtures';
import { contactFor, initDataFor, stubTelegram, type TelegramPerson } from '../support/telegram-mini-app';

/**
 * The portal inside Telegram (issue 34, ADR 078), with a stubbed window.Telegram.WebApp whose initData and shared
 * contact are signed with the run's bot token: a new Telegram user shares the phone, registers without a code and
 * shows the QR through Telegram's MainButton; opened again, the app signs them in straight away; a forged initData
 * is refused with the way back (reopen from the bot).
 */
test('@mobile a new Telegram user shares the phone, registers without a code, sees the QR; reopened, is signed in at once', async ({
  browser,
  page,
}, testInfo) => {
  const token = telegramBotToken();
  const phone = uniquePhone(testInfo.workerIndex);
  const person: TelegramPerson = {
    id: 6_000_000_000 + (Date.now() % 1_000_000_000),
    first_name: 'Aruzhan',
    last_name: 'Sain',
    language_code: 'en',
  };
  await stubTelegram(page, { initData: initDataFor(person, token), contact: contactFor(person, phone, token) });

  await page.goto('/?tg=1');
  // Not linked: the contact step, in Telegram's language; Telegram frames the page (no header, no bottom bar).
  await expect(page).toHaveURL(/\/auth\/telegram(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Share your phone number' })).toBeVisible();
  await expect(page.locator('header')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __tg: { calls: string[] } }).__tg.calls)).toEqual(['ready', 'expand']);
  await page.getByTestId('tg-main-button').click();

  // The phone Telegram proved is shown and fixed; the names come from the contact; no code step.
  await expect(page).toHaveURL(/\/auth\/register-form$/);
  await expect(page.getByTestId('telegram-phone')).toHaveValue(phone);
  await expect(page.getByLabel('First name')).toHaveValue('Aruzhan');
  await expect(page.getByLabel('Last name')).toHaveValue('Sain');
  await page.getByLabel('Pickup branch').selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Date of birth').fill('1998-02-11');
  await page.getByLabel('Password', { exact: true }).fill('Steppe-Telegram-26');
  await page.getByLabel('Repeat the password').fill('Steppe-Telegram-26');
  await page.getByRole('button', { name: 'Create an account' }).click();

  // Home, then Telegram's MainButton shows the QR code; Telegram's BackButton goes back.
  await expect(page).toHaveURL(/\/(\?tg=1)?$/);
  await expect(page.getByTestId('tg-main-button')).toHaveText('Show my QR code');
  await page.getByTestId('tg-main-button').click();
  await expect(page).toHaveURL(/\/qr$/);
  await expect(page.getByTestId('qr-code')).toBeVisible();
  await expect(page.getByTestId('qr-name')).toContainText('Aruzhan Sain');
  await expect(page.getByTestId('tg-main-button')).toBeHidden();
  await page.getByTestId('tg-back-button').click();
  await expect(page).toHaveURL(/\/(\?tg=1)?$/);

  // Opened again from the bot (a new initData; the session kept there has expired): signed in straight away, in the
  // account's language.
  const again = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const second = await again.newPage();
  await second.addInitScript(() => localStorage.getItem('token') || localStorage.setItem('token', 'an-expired-session'));
  await stubTelegram(second, { initData: initDataFor({ ...person, language_code: 'kk' }, token) });
  await second.goto('/?tg=1');
  await expect(second.getByTestId('tg-main-button')).toHaveText('Show my QR code');
  await expect(second).toHaveURL(/\/(\?tg=1)?$/);
  expect(await second.evaluate(() => localStorage.getItem('token'))).not.toBe('an-expired-session');
  await expect(second.getByTestId('telegram-nav').getByRole('link', { name: 'Orders' })).toBeVisible();

  await again.close();

  // Data the bot did not sign: refused, with the way back.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const forged = await other.newPage();
  await stubTelegram(forged, { initData: initDataFor(person, '7000001:AAE_not-the-bots-token_0000000') });
  await forged.goto('/?tg=1');
  await expect(forged.getByTestId('telegram-refused')).toContainText('Telegram could not confirm this sign-in');
  await other.close();
});
