import type { APIRequestContext } from '@playwright/test';
import { DEMO } from '../support/env';
import { telegramChatHtml, telegramMessages, telegramWrite } from '../support/fakes';
import { apiLogin, expect, openSignedIn, test } from '../support/fixtures';

const SCREENS = process.env.SCREENS_DIR;

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

test.describe('notification channels', () => {
  test('@desktop a customer connects Telegram from the profile; their parcel is received, dispatched and arrives, and each step reaches the chat with the parcel, status, weight, price, branch and a button to the portal', async ({
    page,
    request,
    newCustomer,
  }) => {
    test.setTimeout(120_000);
    const customer = await newCustomer();
    const chat = 700_000_000 + Math.floor(Math.random() * 99_999_999);
    await openSignedIn(page, customer.token, '/profile/notifications');
    const telegram = page.getByTestId('channel-telegram');
    await expect(telegram).toHaveAttribute('data-status', 'not_linked');
    await telegram.getByRole('button', { name: 'Подключить Telegram' }).click();
    const open = page.getByTestId('telegram-open');
    await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/orda_cargo_bot\?start=[\w-]{32}$/);
    await expect(page.getByTestId('telegram-link')).toContainText('Ссылка работает один раз, 15 минут');

    // In Telegram, the customer presses Start: the bot gets /start <token> through its webhook.
    const start = new URL((await open.getAttribute('href'))!).searchParams.get('start')!;
    const answer = await telegramWrite(chat, `/start ${start}`);
    expect(answer.status).toBe(200);
    // The open profile notices by itself.
    await expect(telegram).toHaveAttribute('data-status', 'linked', { timeout: 10_000 });
    await expect(telegram.getByTestId('telegram-disconnect')).toBeVisible();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/profile-telegram-linked-desktop.png`, fullPage: true });

    // The parcel's life, by staff: received in China, dispatched, arrived at the customer's branch.
    const code = `TG${Date.now().toString(36).toUpperCase()}`;
    await post(request, customer.token, '/api/save-track', { track_code: code, name: 'Кроссовки' });
    const warehouse = await apiLogin(request, DEMO.warehouseStaff);
    await post(request, warehouse, '/api/manage/receive', { track_code: code, weight: '2,4' });
    await post(request, warehouse, '/api/manage/dispatch', { track_codes: [code] });
    const me = (await (await request.get('/api/auth/user', { headers: { authorization: `Bearer ${customer.token}` } })).json()).data;
    const admin = await apiLogin(request, DEMO.admin);
    await post(request, admin, '/api/manage/arrive', { track_codes: [code], branch_id: me.branch_id });

    await expect.poll(async () => (await telegramMessages(chat)).filter((m) => m.text.includes(code)).length, { timeout: 20_000 }).toBe(3);
    const messages = await telegramMessages(chat);
    const arrived = messages.find((m) => m.text.includes('Посылка ждёт вас'))!;
    expect(arrived.text).toContain(`Посылка: <b>«Кроссовки» (${code})</b>`);
    expect(arrived.text).toContain('Статус: <b>ждёт в пункте</b>');
    expect(arrived.text).toContain('Вес: <b>2,4\u00a0кг</b>');
    expect(arrived.text).toMatch(/К оплате: <b>[\d\s\u00a0,]+\u00a0₸<\/b>/);
    expect(arrived.text).toMatch(/Пункт: <b>.+<\/b>/);
    // The last row opens the parcel (a row to pay comes first where the branch takes money online).
    const button = arrived.reply_markup!.inline_keyboard.at(-1)![0]!;
    expect(button.text).toBe('Открыть в портале');
    expect(button.url).toMatch(/\/orders\/order\?id=\d+$/);

    // The button opens the parcel in the portal.
    await page.goto(new URL(button.url).pathname + new URL(button.url).search);
    await expect(page.getByText(code).first()).toBeVisible();

    if (SCREENS) {
      for (const theme of ['light', 'dark'] as const) {
        const view = await page.context().newPage();
        await view.setViewportSize({ width: 420, height: 900 });
        await view.setContent(telegramChatHtml(messages, theme));
        await view.screenshot({ path: `${SCREENS}/telegram-message-${theme}.png`, fullPage: true });
        await view.close();
      }
    }
  });
});
