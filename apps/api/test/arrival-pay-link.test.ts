import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TLang } from '@portal/contract';
import { FakeTelegram } from '../../../tools/fakes/telegram-bot-api.mjs';
import { notificationDeliveries, notifications } from '../src/db/schema';
import { smsChannel } from '../src/modules/notifications/channels';
import { createDeliveryWorker } from '../src/modules/notifications/delivery-worker';
import type { MessageParams } from '../src/modules/notifications/notification-texts';
import { telegramChannel } from '../src/modules/notifications/telegram-bot';
import { aCustomer } from './factories';
import { MemorySms, type TestContext } from './helpers';
import type { manageClient, Staff } from './manage-helpers';
import { enableProvider, onlineApp } from './online-payments-helpers';
import { makeOrder } from './orders-fixtures';

/** Arrival messages carry a link to pay where the branch takes money online (issue 33, ADR 077). */
const PUBLIC_URL = 'https://cargo.example.kz';
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ({ ctx, staff, m } = await onlineApp());
});
afterAll(async () => ctx.close());

/** A customer speaking `lang` whose `n` parcels arrive at the demo branch now. */
async function arrives(lang: TLang, n: number) {
  const c = await aCustomer(ctx, { lang, branchId: staff.branchId });
  const codes: string[] = [];
  for (let i = 0; i < n; i++)
    codes.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit', branchId: staff.branchId })).trackCode);
  const res = await m.arrive(staff.branch, { track_codes: codes });
  expect(res.status, res.body).toBe(200);
  return c;
}

/** Sends the customers' queued SMS through the outbox driver, as the delivery worker does with this base URL. */
async function sendSms(userIds: number[], payBaseUrl: string | null): Promise<MemorySms> {
  const sms = new MemorySms();
  const deliver = createDeliveryWorker({
    db: ctx.database.db,
    drivers: { sms: smsChannel(sms, { payBaseUrl }) },
    unreachableAfter: 3,
    log: { warn: () => {} },
  });
  const queued = await ctx.database.db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(inArray(notificationDeliveries.userId, userIds), eq(notificationDeliveries.channel, 'sms')));
  for (const d of queued) await deliver({ id: String(d.id), data: { delivery_id: d.id }, retryCount: 0, retryLimit: 1 } as never);
  return sms;
}

const payUrl = () => `${PUBLIC_URL}/pay?branch=${staff.branchId}`;

describe('the link to pay in an arrival message', () => {
  it('a branch with Kaspi enabled: the SMS (one parcel or a batch) ends with the link, in the reader’s language', async () => {
    await enableProvider(ctx, staff.branchId, 'kaspi', { merchant_id: 'M-1', api_key: 'k' });
    const ru = await arrives('ru', 3);
    const en = await arrives('en', 1);
    const kk = await arrives('kk', 2);
    const sms = await sendSms([ru.user.id, en.user.id, kk.user.id], PUBLIC_URL);
    const to = (phone: string) => sms.sent.filter((s) => s.to === phone).map((s) => s.text);
    expect(to(ru.phone)).toHaveLength(1);
    expect(to(ru.phone)[0]).toContain('Посылки ждут вас (3)');
    expect(to(ru.phone)[0]!.endsWith(` Оплатить онлайн: ${payUrl()}`)).toBe(true);
    expect(to(en.phone)[0]!.endsWith(` Pay online: ${payUrl()}`)).toBe(true);
    expect(to(kk.phone)[0]!.endsWith(` Онлайн төлеу: ${payUrl()}`)).toBe(true);
    // The portal's own list shows the message without the address (its summary has the button).
    const [kept] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, en.user.id));
    expect((kept!.params as { pay_branch_id?: number }).pay_branch_id).toBe(staff.branchId);
  });

  it('Telegram: a button to pay above the one to the portal', async () => {
    const token = '123456789:AAE_fake-bot-token-for-tests_p';
    const fake = new FakeTelegram({ token });
    await fake.start();
    try {
      const driver = telegramChannel(
        { token, apiUrl: fake.url, webhookSecret: 'x'.repeat(16) },
        { publicUrl: PUBLIC_URL, payBaseUrl: PUBLIC_URL },
      );
      const params = {
        batch: [],
        count: 2,
        total: 4200,
        currency: 'KZT',
        branch: null,
        storage_until: null,
        pay_branch_id: staff.branchId,
      };
      const message = {
        notificationId: 1,
        event: 'order_at_branch' as const,
        params: params as MessageParams,
        title: 'Parcels wait for you (2)',
        body: '…',
        link: '/orders',
        sender: { name: 'Cargo', logo: '/brand/logo.svg' },
      };
      await driver.send(ctx.database.db, { userId: 1, phone: '+77010000000', lang: 'ru', address: '4242' }, message);
      expect(fake.messagesTo(4242).at(-1)).toMatchObject({
        reply_markup: {
          // Over https both open the Mini App (ADR 078).
          inline_keyboard: [
            [{ text: 'Оплатить онлайн', web_app: { url: `${payUrl()}&tg=1` } }],
            [{ text: 'Открыть в портале', web_app: { url: `${PUBLIC_URL}/orders?tg=1` } }],
          ],
        },
      });
    } finally {
      await fake.stop();
    }
  });

  it('no link where the branch does not take money online, nor without online payments configured', async () => {
    await ctx.app.providerSettings.save(ctx.database.db, {
      branchId: staff.branchId,
      provider: 'kaspi',
      enabled: false,
      credentials: {},
      updatedBy: 1,
    });
    const off = await arrives('en', 2);
    const sms = await sendSms([off.user.id], PUBLIC_URL);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.text).not.toContain('/pay');
    expect(sms.sent[0]!.text).not.toContain('Pay online');

    await enableProvider(ctx, staff.branchId, 'kaspi', {});
    const unconfigured = await arrives('en', 1);
    expect((await sendSms([unconfigured.user.id], null)).sent[0]!.text).not.toContain('/pay');
  });
});
