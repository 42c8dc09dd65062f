import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FakeTelegram } from '../../../tools/fakes/telegram-bot-api.mjs';
import { notificationChannels, notificationDeliveries, orders, users } from '../src/db/schema';
import { telegramChannel } from '../src/modules/notifications/telegram-bot';
import { createTelegramService } from '../src/modules/notifications/telegram-service';
import { PermanentChannelError, RetryLaterError } from '../src/modules/notifications/channels';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import type { OrderParams } from '../src/modules/notifications/notification-texts';
import { parcels } from '../src/modules/parcels/parcels-service';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

const TOKEN = '123456789:AAE_fake-bot-token-for-tests_x';
const PUBLIC_URL = 'https://cargo.example.kz';
const fake = new FakeTelegram({ token: TOKEN });
let ctx: TestContext;
let call: ReturnType<typeof client>;

beforeAll(async () => {
  await fake.start();
  ctx = await createTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_URL: fake.url,
      PUBLIC_URL,
      // This app sends its own messages (as production processes do), retrying fast.
      NOTIFY_WORKER: 'true',
      NOTIFY_RETRY_LIMIT: '1',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
    },
  });
  call = client(ctx.app);
  // Telegram reaches the webhook at the public address; here the proxy in front is this local listener.
  const local = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await until(
    async () => fake.webhook,
    (w) => w !== null,
  );
  expect(fake.webhook).toEqual({
    url: `${PUBLIC_URL}/api/telegram/webhook`,
    secret_token: expect.any(String),
    allowed_updates: ['message'],
  });
  fake.webhook!.url = `${local}/api/telegram/webhook`;
  // The menu button opens the portal as a Mini App, named after the carrier (ADR 078).
  await until(
    async () => fake.menuButton,
    (b) => b.type === 'web_app',
  );
  expect(fake.menuButton).toEqual({ type: 'web_app', text: expect.stringMatching(/\S/), web_app: { url: `${PUBLIC_URL}/?tg=1` } });
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

let chatCounter = 880_000_000;
const newChat = () => ++chatCounter;

/** The customer asks for a link in the profile and starts the bot with it from `chatId`. */
async function linkTelegram(c: { token: string }, chatId: number, languageCode = 'ru') {
  const link = await call('POST', '/notifications/telegram/link', { token: c.token });
  expect(link.status, link.body).toBe(200);
  const start = new URL(link.json.data.url).searchParams.get('start')!;
  const answer = await fake.sendUpdate({ chatId, text: `/start ${start}`, languageCode });
  return { link: link.json.data as { url: string; expires_at: string }, start, answer };
}

const telegramState = async (token: string) =>
  (await call('GET', '/notifications/settings', { token })).json.data.channels.find((c: { channel: string }) => c.channel === 'telegram');

const parcel = (over: Partial<OrderParams> = {}): OrderParams => ({
  order_id: 1,
  track_code: 'YT0000000001',
  name: 'Boots',
  weight: 1.25,
  price: 2500,
  currency: 'KZT',
  storage_until: '2030-01-31',
  branch: { kk: 'Алматы пункті', ru: 'Пункт Алматы', en: 'Almaty point' },
  ...over,
});

const deliveriesOf = (userId: number) =>
  ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));

describe('Telegram', () => {
  it("links from the profile with a one-time t.me link; the bot answers in the customer's language; a parcel at the branch arrives with its parcel, status, weight, price, branch and a button to the portal; unlinking stops it", async () => {
    const c = await registerCustomer(ctx);
    const chat = newChat();
    expect(await telegramState(c.token)).toMatchObject({ status: 'not_linked', available: true });
    const { link, answer } = await linkTelegram(c, chat, 'en');
    expect(link.url).toMatch(/^https:\/\/t\.me\/orda_cargo_bot\?start=[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    // The account is in Russian: the bot says so in Russian, whatever the Telegram app's language.
    expect(answer.status).toBe(200);
    expect(answer.reply).toMatchObject({ method: 'sendMessage', chat_id: chat, text: expect.stringContaining('Готово!') });
    expect(await telegramState(c.token)).toMatchObject({ status: 'linked' });

    // A real arrival at the customer's branch: the price comes from the branch tariff.
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit', name: 'Кроссовки', weight: 2.5 });
    const [row] = await ctx.database.db.select({ branchId: orders.branchId }).from(orders).where(eq(orders.id, o.id));
    await ctx.database.db.transaction((tx) =>
      parcels.arrive(tx, [o.id], { id: row!.branchId!, tariff: 300_000, currency: 'KZT' }, '2030-01-31', { userId: null }),
    );
    const [message] = await until(
      async () => fake.messagesTo(chat).filter((m) => m.parse_mode === 'HTML'),
      (m) => m.length === 1,
    );
    expect(message!.text).toContain('<b>Посылка ждёт вас</b>');
    expect(message!.text).toContain(`Посылка: <b>«Кроссовки» (${o.trackCode})</b>`);
    expect(message!.text).toContain('Статус: <b>ждёт в пункте</b>');
    expect(message!.text).toContain('Вес: <b>2,5\u00a0кг</b>');
    expect(message!.text).toContain('К оплате: <b>7\u00a0500\u00a0₸</b>');
    expect(message!.text).toMatch(/Пункт: <b>[^<]+<\/b>/);
    expect(message!.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Открыть в портале', web_app: { url: `${PUBLIC_URL}/orders/order?id=${o.id}&tg=1` } }]],
    });
    const delivered = await until(
      () => deliveriesOf(c.user.id),
      (d) => d.some((x) => x.channel === 'telegram' && x.status === 'sent'),
    );
    expect(delivered.find((d) => d.channel === 'telegram')).toMatchObject({ status: 'sent', providerRef: String(message!.message_id) });

    // Texts follow the customer's language when sent: switched to Kazakh, the next message is in Kazakh.
    await ctx.database.db.update(users).set({ language: 'kk' }).where(eq(users.id, c.user.id));
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_dispatched', params: parcel({ track_code: 'KK-TEXT' }) }]),
    );
    const kk = await until(
      async () => fake.messagesTo(chat).filter((m) => m.text.includes('KK-TEXT')),
      (m) => m.length === 1,
    );
    expect(kk[0]!.text).toContain('<b>Сәлемдеме жолда</b>');
    expect(kk[0]!.reply_markup!.inline_keyboard[0]![0]!.text).toBe('Порталда ашу');

    const unlinked = await call('DELETE', '/notifications/telegram', { token: c.token });
    expect(unlinked.status, unlinked.body).toBe(200);
    expect(unlinked.json.data.channels.find((ch: { channel: string }) => ch.channel === 'telegram')).toMatchObject({
      status: 'not_linked',
    });
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_dispatched', params: parcel({ track_code: 'AFTER-UNLINK' }) }]),
    );
    const log = await deliveriesOf(c.user.id);
    expect(log.filter((d) => d.channel === 'telegram')).toHaveLength(2);
  });

  it('a link works once, for its own customer, until it expires; the newest link replaces older ones; /start without a link and /stop', async () => {
    const a = await registerCustomer(ctx);
    const chat = newChat();
    const first = await call('POST', '/notifications/telegram/link', { token: a.token });
    const second = await linkTelegram(a, chat);
    expect(second.answer.reply).toMatchObject({ text: expect.stringContaining('Готово!') });
    // Used: the same link again, from another chat, links nothing.
    const other = newChat();
    const again = await fake.sendUpdate({ chatId: other, text: `/start ${second.start}`, languageCode: 'kk' });
    expect(again.reply).toMatchObject({ chat_id: other, text: expect.stringContaining('Бұл сілтеме қолданылған немесе ескірген') });
    // Replaced: the first link (asked before the second) no longer works.
    const firstToken = new URL(first.json.data.url).searchParams.get('start')!;
    expect((await fake.sendUpdate({ chatId: other, text: `/start ${firstToken}`, languageCode: 'en' })).reply).toMatchObject({
      text: expect.stringContaining('already been used or has expired'),
    });
    const [state] = await ctx.database.db
      .select()
      .from(notificationChannels)
      .where(and(eq(notificationChannels.userId, a.user.id), eq(notificationChannels.channel, 'telegram')));
    expect(state!.address).toBe(String(chat));

    // Expired: a link older than 15 minutes.
    const b = await registerCustomer(ctx);
    const late = await call('POST', '/notifications/telegram/link', { token: b.token });
    const lateToken = new URL(late.json.data.url).searchParams.get('start')!;
    await ctx.database.executeSql(`update telegram_link_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
      b.user.id,
    ]);
    expect((await fake.sendUpdate({ chatId: newChat(), text: `/start ${lateToken}` })).reply).toMatchObject({
      text: expect.stringContaining('устарела'),
    });
    expect(await telegramState(b.token)).toMatchObject({ status: 'not_linked' });

    // Someone who found the bot on their own is told where to connect it.
    expect((await fake.sendUpdate({ chatId: newChat(), text: '/start', languageCode: 'kk' })).reply).toMatchObject({
      text: expect.stringContaining('Хабарландырулар'),
      reply_markup: { inline_keyboard: [[{ web_app: { url: `${PUBLIC_URL}/profile/notifications?tg=1` } }]] },
    });
    // /stop in the chat disconnects it.
    expect((await fake.sendUpdate({ chatId: chat, text: '/stop' })).reply).toMatchObject({ text: expect.stringContaining('отключены') });
    expect(await telegramState(a.token)).toMatchObject({ status: 'not_linked' });
  });

  it('the webhook: a wrong or missing secret is 401 and changes nothing; group chats and unreadable updates are acknowledged and ignored', async () => {
    const c = await registerCustomer(ctx);
    const link = await call('POST', '/notifications/telegram/link', { token: c.token });
    const token = new URL(link.json.data.url).searchParams.get('start')!;
    for (const secret of ['wrong-secret-value-123', '']) {
      const res = await fake.sendUpdate({ chatId: newChat(), text: `/start ${token}`, secret });
      expect(res.status).toBe(401);
    }
    expect((await fake.sendUpdate({ chatId: newChat(), text: `/start ${token}`, chatType: 'group' })).reply).toEqual({});
    const odd = await call('POST', '/telegram/webhook', {
      headers: { 'x-telegram-bot-api-secret-token': fake.webhook!.secret_token! },
      body: { update_id: 'x', edited_message: { text: 1 } },
    });
    expect(odd.status).toBe(200);
    expect(odd.json).toEqual({});
    // The link is still unused after all that.
    expect((await fake.sendUpdate({ chatId: newChat(), text: `/start ${token}` })).reply).toMatchObject({
      text: expect.stringContaining('Готово!'),
    });
  });

  it('two /start with the same link at once (separate requests and connections): exactly one chat gets the account', async () => {
    const c = await registerCustomer(ctx);
    const link = await call('POST', '/notifications/telegram/link', { token: c.token });
    const token = new URL(link.json.data.url).searchParams.get('start')!;
    const chats = Array.from({ length: 8 }, newChat);
    const answers = await Promise.all(chats.map((chatId) => fake.sendUpdate({ chatId, text: `/start ${token}` })));
    const winners = answers.filter((a) => String(a.reply?.text).startsWith('Готово!'));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(winners).toHaveLength(1);
    const [state] = await ctx.database.db
      .select()
      .from(notificationChannels)
      .where(and(eq(notificationChannels.userId, c.user.id), eq(notificationChannels.channel, 'telegram')));
    expect(state!.address).toBe(String(winners[0]!.reply!.chat_id));
  });

  it('provider answers: 403 "bot was blocked by the user" marks the channel unreachable at once and later messages skip it; 429 retry_after is waited out and the message sent once', async () => {
    const blocked = await registerCustomer(ctx);
    const blockedChat = newChat();
    await linkTelegram(blocked, blockedChat);
    fake.setMode(blockedChat, 'blocked');
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [
        { userId: blocked.user.id, event: 'order_dispatched', params: parcel({ track_code: 'BLOCKED-1' }) },
      ]),
    );
    const failed = await until(
      () => deliveriesOf(blocked.user.id),
      (d) => d.some((x) => x.channel === 'telegram' && x.status === 'failed'),
    );
    expect(failed.find((d) => d.channel === 'telegram')).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Telegram 403: Forbidden: bot was blocked by the user',
    });
    expect(await telegramState(blocked.token)).toMatchObject({ status: 'unreachable' });
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [
        { userId: blocked.user.id, event: 'order_dispatched', params: parcel({ track_code: 'BLOCKED-2' }) },
      ]),
    );
    expect((await deliveriesOf(blocked.user.id)).filter((d) => d.channel === 'telegram').map((d) => d.status)).toEqual([
      'failed',
      'skipped',
    ]);
    // Unblocked and linked again: reachable.
    await linkTelegram(blocked, blockedChat);
    expect(await telegramState(blocked.token)).toMatchObject({ status: 'linked' });

    const busy = await registerCustomer(ctx);
    const busyChat = newChat();
    await linkTelegram(busy, busyChat);
    fake.setMode(busyChat, 'flood');
    fake.retryAfter = 3;
    const asked = Date.now();
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [{ userId: busy.user.id, event: 'order_dispatched', params: parcel({ track_code: 'FLOOD-1' }) }]),
    );
    const sent = await until(
      async () => fake.messagesTo(busyChat).filter((m) => m.text.includes('FLOOD-1')),
      (m) => m.length > 0,
    );
    expect(sent).toHaveLength(1);
    expect(Date.parse(sent[0]!.at) - asked).toBeGreaterThanOrEqual(3000);
    const log = await until(
      () => deliveriesOf(busy.user.id),
      (d) => d.some((x) => x.status === 'sent'),
    );
    expect(log.find((d) => d.channel === 'telegram')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await telegramState(busy.token)).toMatchObject({ status: 'linked' });
  });

  it('the driver against the fake: success, provider error, HTTP 500 and timeout', async () => {
    const driver = telegramChannel(
      { token: TOKEN, apiUrl: fake.url, webhookSecret: 'x'.repeat(16) },
      { publicUrl: PUBLIC_URL, timeoutMs: 300 },
    );
    const chat = newChat();
    const to = { userId: 1, phone: '+77010000000', lang: 'en' as const, address: String(chat) };
    const message = {
      notificationId: 1,
      event: 'news' as const,
      params: { title: { ru: 'a', kk: 'a', en: 'a' }, body: { ru: 'b', kk: 'b', en: 'b' } },
      title: 'Tariffs <2026> & more',
      body: 'New prices',
      link: null,
      sender: { name: 'Cargo', logo: '/brand/logo.svg' },
    };
    const ok = await driver.send(ctx.database.db, to, message);
    expect(ok.ref).toMatch(/^\d+$/);
    expect(fake.messagesTo(chat).at(-1)).toMatchObject({
      text: '<b>Tariffs &lt;2026&gt; &amp; more</b>\n\nNew prices',
      reply_markup: { inline_keyboard: [[{ text: 'Open in the portal', web_app: { url: `${PUBLIC_URL}/notification?tg=1` } }]] },
    });
    // Telegram opens Mini Apps only from HTTPS: a plain-HTTP portal (development) sends an ordinary link.
    const plain = telegramChannel(
      { token: TOKEN, apiUrl: fake.url, webhookSecret: 'x'.repeat(16) },
      { publicUrl: 'http://127.0.0.1:3000' },
    );
    await plain.send(ctx.database.db, to, message);
    expect(fake.messagesTo(chat).at(-1)!.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open in the portal', url: 'http://127.0.0.1:3000/notification' }]],
    });
    fake.setMode(chat, 'not_found');
    await expect(driver.send(ctx.database.db, to, message)).rejects.toSatisfy(
      (e: unknown) => e instanceof PermanentChannelError && e.unreachable && /chat not found/.test(e.message),
    );
    fake.setMode(chat, 'error');
    await expect(driver.send(ctx.database.db, to, message)).rejects.toSatisfy(
      (e: unknown) => !(e instanceof PermanentChannelError) && !(e instanceof RetryLaterError) && /Telegram 500/.test(String(e)),
    );
    fake.setMode(chat, 'hang');
    await expect(driver.send(ctx.database.db, to, message)).rejects.toSatisfy(
      (e: unknown) => !(e instanceof PermanentChannelError) && /timeout|abort/i.test(String(e)),
    );
    const wrongToken = telegramChannel({ token: '1:wrong', apiUrl: fake.url, webhookSecret: 'x'.repeat(16) }, { publicUrl: PUBLIC_URL });
    fake.setMode(chat, 'ok');
    await expect(wrongToken.send(ctx.database.db, to, message)).rejects.toThrow('Telegram 401: Unauthorized');
    // Telegram not answering getMe (here: refusing the token): a link is a temporary 503, not a 500.
    const service = createTelegramService({
      db: ctx.database.db,
      cfg: { token: '1:wrong', apiUrl: fake.url, webhookSecret: 'x'.repeat(16) },
      publicUrl: PUBLIC_URL,
    });
    await expect(service.createLink(1)).rejects.toMatchObject({ code: 'channel_unavailable' });
  });
});
