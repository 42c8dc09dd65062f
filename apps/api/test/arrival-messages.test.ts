import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney, toMajor, type TLang } from '@portal/contract';
import { notificationDeliveries, orders } from '../src/db/schema';
import { createDeliveryWorker } from '../src/modules/notifications/delivery-worker';
import { smsChannel } from '../src/modules/notifications/channels';
import { aCustomer } from './factories';
import { createTestApp, MemorySms, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';
import { makeOrder } from './orders-fixtures';

let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

/** A customer of the demo branch speaking `lang`, with `n` parcels in `status` addressed there. */
async function customerWith(lang: TLang, n: number, status: 'in_transit' | 'china_warehouse') {
  const c = await aCustomer(ctx, { lang, branchId: staff.branchId });
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status, branchId: staff.branchId, weight: 1.25 + i });
    codes.push(o.trackCode);
  }
  return { ...c, codes };
}

/** Sends every queued SMS of these customers through the outbox driver, as the delivery worker does. */
async function sendSms(userIds: number[]): Promise<MemorySms> {
  const sms = new MemorySms();
  const deliver = createDeliveryWorker({
    db: ctx.database.db,
    drivers: { sms: smsChannel(sms) },
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

describe('one message per customer per batch', () => {
  it('arrival of five parcels of one customer sends one SMS listing them with the total, in kk; a second customer gets their own', async () => {
    const a = await customerWith('kk', 5, 'in_transit');
    const b = await customerWith('ru', 2, 'in_transit');
    const res = await m.arrive(staff.branch, { track_codes: [...a.codes, ...b.codes] });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data.counts.moved).toBe(7);

    const sms = await sendSms([a.user.id, b.user.id]);
    const toA = sms.sent.filter((s) => s.to === a.phone);
    const toB = sms.sent.filter((s) => s.to === b.phone);
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(1);

    const prices = await ctx.database.db.select({ price: orders.price }).from(orders).where(inArray(orders.trackCode, a.codes));
    const total = formatMoney(toMajor(prices.reduce((s, p) => s + p.price!, 0)), 'KZT', 'kk');
    const text = toA[0]!.text;
    for (const code of a.codes) expect(text).toContain(code);
    expect(text).toContain('Сәлемдемелер сізді күтіп тұр (5)');
    expect(text).toContain(`Барлығы төлеуге: ${total}`);
    expect(text).toContain('1,25\u00a0кг');
    expect(text).toContain('₸');
    expect(text).not.toContain('KZT');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toMatch(/Тегін сақтау \d{4}\u00a0ж\. \d+/);
    // The branch charges for storage after the free days (ADR 073): the message says what a day will cost.
    expect(text).toContain(`Одан кейін сақтау ақылы: күніне ${formatMoney(100, 'KZT', 'kk')}.`);
    expect(toB[0]!.text).toContain(`Затем хранение платное: ${formatMoney(100, 'KZT', 'ru')} в день.`);

    expect(toB[0]!.text).toContain('Посылки ждут вас (2)');
    for (const code of b.codes) expect(toB[0]!.text).toContain(code);
  });

  it('dispatch of three parcels of one customer is one notification linking to their orders; a single parcel keeps its own', async () => {
    const a = await customerWith('ru', 3, 'china_warehouse');
    const one = await customerWith('en', 1, 'china_warehouse');
    const res = await m.dispatch(staff.warehouse, { track_codes: [...a.codes, ...one.codes] });
    expect(res.status, res.body).toBe(200);
    const listOf = async (token: string, lang: TLang) =>
      (await m.call('GET', '/auth/user', { token, lang })).json.data.notifications.orders.data as {
        title: string;
        body: string;
        link: string;
      }[];
    const toA = await listOf(a.token, 'ru');
    expect(toA).toHaveLength(1);
    expect(toA[0]!.title).toBe('Посылки в пути (3)');
    expect(toA[0]!.link).toBe('/orders');
    for (const code of a.codes) expect(toA[0]!.body).toContain(code);
    const toOne = await listOf(one.token, 'en');
    expect(toOne).toHaveLength(1);
    expect(toOne[0]!.title).toBe('Parcel on its way');
    expect(toOne[0]!.link).toMatch(/^\/orders\/order\?id=\d+$/);
    // Nobody got an SMS for a dispatch (its default), batched or not.
    expect((await sendSms([a.user.id, one.user.id])).sent).toHaveLength(0);
  });
});
