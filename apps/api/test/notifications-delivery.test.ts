import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { notificationDeliveries, notifications, users } from '../src/db/schema';
import { NotificationQueue, DELIVER_QUEUE } from '../src/modules/notifications/notification-queue';
import { createDeliveryWorker } from '../src/modules/notifications/delivery-worker';
import { smsChannel, type ChannelDriver } from '../src/modules/notifications/channels';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import type { OrderParams } from '../src/modules/notifications/notification-texts';
import { client, createTestApp, registerCustomer, MemorySms, type TestContext } from './helpers';

let ctx: TestContext;
let call: ReturnType<typeof client>;
// The app's own worker stays off (NODE_ENV=test): each test runs the workers it needs, as separate "processes".
beforeAll(async () => {
  ctx = await createTestApp({ env: { NOTIFY_RETRY_LIMIT: '1', NOTIFY_RETRY_DELAY_SECONDS: '1', NOTIFY_UNREACHABLE_AFTER: '2' } });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

const parcel = (over: Partial<OrderParams> = {}): OrderParams => ({
  order_id: 1,
  track_code: 'YT1234567890',
  name: 'Boots',
  weight: 1.25,
  price: 2500,
  currency: 'KZT',
  storage_until: '2030-01-31',
  branch: { kk: 'Алматы пункті', ru: 'Пункт Алматы', en: 'Almaty point' },
  ...over,
});

const silentLog = { warn: () => {} };
const workers: NotificationQueue[] = [];
// Each test's "processes" end with it, so the next test's jobs meet only its own workers.
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
});

/** Another API process working the same queue with its own drivers. */
async function startWorker(drivers: Record<string, ChannelDriver>, unreachableAfter = 2): Promise<NotificationQueue> {
  const q = new NotificationQueue(ctx.database, silentLog, { supervise: false });
  await q.start();
  await q.work(
    DELIVER_QUEUE,
    { batchSize: 5, pollingIntervalSeconds: 0.5 },
    createDeliveryWorker({ db: ctx.database.db, drivers, unreachableAfter, log: silentLog }),
  );
  workers.push(q);
  return q;
}

const deliveriesOf = (userId: number) =>
  ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const jobsFor = async (deliveryId: number) =>
  (
    await ctx.database.executeSql(`select id, state from pgboss.job where name = $1 and (data->>'delivery_id')::int = $2`, [
      DELIVER_QUEUE,
      deliveryId,
    ])
  ).rows as { id: string; state: string }[];

describe('notification delivery', () => {
  it('a rolled-back change writes no notification, no delivery and no job; a committed one is sent once by SMS in the language the customer has when it is sent', async () => {
    const c = await registerCustomer(ctx);
    const sms = new MemorySms();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notificationsService.notify(tx, [
          { userId: c.user.id, event: 'order_at_branch', params: parcel(), link: '/orders/order?id=1' },
        ]);
        throw new Error('staff action failed');
      }),
    ).rejects.toThrow('staff action failed');
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.userId, c.user.id))).toEqual([]);
    expect(await deliveriesOf(c.user.id)).toEqual([]);

    await ctx.database.db.transaction(async (tx) => {
      await notificationsService.notify(tx, [
        { userId: c.user.id, event: 'order_at_branch', params: parcel(), link: '/orders/order?id=1' },
      ]);
    });
    const [queued] = await deliveriesOf(c.user.id);
    expect(queued).toMatchObject({ channel: 'sms', status: 'queued' });
    expect(await jobsFor(queued!.id)).toHaveLength(1);
    // Not in the portal's default preferences for SMS: a dispatched parcel (Telegram/push only, none linked).
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_dispatched', params: parcel() }]),
    );
    expect(await deliveriesOf(c.user.id)).toHaveLength(1);

    await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, c.user.id));
    await startWorker({ sms: smsChannel(sms) });
    const done = await until(
      () => deliveriesOf(c.user.id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(done[0]).toMatchObject({ status: 'sent', attempts: 1 });
    const mine = sms.sent.filter((m) => m.to === c.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('Parcel ready for pickup');
    expect(mine[0]!.text).toContain('Almaty point');
  });

  it('a process killed mid-send: its job is taken over after expiry; a message it had already sent is not sent again', async () => {
    const c = await registerCustomer(ctx);
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [
        { userId: c.user.id, event: 'order_at_branch', params: parcel({ track_code: 'KILLED-BEFORE' }) },
        { userId: c.user.id, event: 'storage_reminder', params: parcel({ track_code: 'KILLED-AFTER', days_left: 2 }) },
      ]),
    );
    const rows = (await deliveriesOf(c.user.id)).sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(2);
    // The doomed process takes both jobs; it sends the second and dies before telling the queue.
    const doomed = new NotificationQueue(ctx.database, silentLog, { supervise: false });
    await doomed.start();
    workers.push(doomed);
    const taken = await doomed.boss.fetch(DELIVER_QUEUE, { batchSize: 10 });
    expect(taken.map((j) => (j.data as { delivery_id: number }).delivery_id).sort()).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    await ctx.database.db
      .update(notificationDeliveries)
      .set({ status: 'sent', attempts: 1 })
      .where(eq(notificationDeliveries.id, rows[1]!.id));

    // Its jobs expire (as if 2 minutes passed) and go back to the queue for the processes still alive.
    await ctx.database.executeSql(`update pgboss.job set started_on = now() - interval '1 hour' where name = $1 and state = 'active'`, [
      DELIVER_QUEUE,
    ]);
    await (ctx.app.notificationQueue.boss as unknown as { expire(): Promise<void> }).expire();
    const sms = new MemorySms();
    await startWorker({ sms: smsChannel(sms) });
    await until(
      () => deliveriesOf(c.user.id),
      (r) => r.every((d) => d.status === 'sent'),
    );
    await until(
      async () => (await jobsFor(rows[1]!.id))[0]?.state,
      (s) => s === 'completed',
    );
    const texts = sms.sent.filter((m) => m.to === c.phone).map((m) => m.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('KILLED-BEFORE');
  });

  it(
    'a failing channel is retried with backoff, logged with why, and marked unreachable after repeated failures; the profile shows it and later messages skip it',
    { timeout: 60_000 },
    async () => {
      const c = await registerCustomer(ctx);
      let attempts = 0;
      const broken: ChannelDriver = {
        channel: 'sms',
        async send() {
          attempts++;
          throw new Error('provider answered 500');
        },
      };
      await startWorker({ sms: broken });
      for (const code of ['FAIL-1', 'FAIL-2']) {
        await ctx.database.db.transaction((tx) =>
          notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_at_branch', params: parcel({ track_code: code }) }]),
        );
      }
      const failed = await until(
        () => deliveriesOf(c.user.id),
        (r) => r.length === 2 && r.every((d) => d.status === 'failed'),
        30_000,
      );
      // retry limit 1: two attempts per message, the reason kept.
      expect(failed.map((d) => [d.status, d.attempts, d.error])).toEqual([
        ['failed', 2, 'provider answered 500'],
        ['failed', 2, 'provider answered 500'],
      ]);
      expect(attempts).toBe(4);

      const settings = (await call('GET', '/notifications/settings', { token: c.token })).json.data;
      expect(settings.channels.find((ch: { channel: string }) => ch.channel === 'sms')).toMatchObject({ status: 'unreachable' });
      expect(settings.channels.find((ch: { channel: string }) => ch.channel === 'telegram')).toMatchObject({ status: 'not_linked' });

      await ctx.database.db.transaction((tx) =>
        notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_at_branch', params: parcel({ track_code: 'FAIL-3' }) }]),
      );
      const third = (await deliveriesOf(c.user.id)).find((d) => d.status !== 'failed');
      expect(third).toMatchObject({ status: 'skipped', error: 'channel unreachable' });

      // The customer says it works again: it is tried again.
      const reset = await call('POST', '/notifications/channels/sms/reset', { token: c.token });
      expect(reset.status, reset.body).toBe(200);
      expect(reset.json.data.channels[0]).toMatchObject({ channel: 'sms', status: 'linked' });
      expect((await call('POST', '/notifications/channels/fax/reset', { token: c.token })).status).toBe(422);
    },
  );

  it('several processes share the queue: every message is sent exactly once', async () => {
    const people = await Promise.all([registerCustomer(ctx), registerCustomer(ctx), registerCustomer(ctx)]);
    const sent: string[] = [];
    const counting = (name: string): ChannelDriver => ({
      channel: 'sms',
      async send(_db, to, m) {
        sent.push(`${name}:${to.phone}:${m.notificationId}`);
        return { ref: null };
      },
    });
    await startWorker({ sms: counting('a') });
    await startWorker({ sms: counting('b') });
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(
        tx,
        people.flatMap((p) =>
          Array.from({ length: 8 }, (_, i) => ({
            userId: p.user.id,
            event: 'order_at_branch' as const,
            params: parcel({ track_code: `SHARE-${i}` }),
          })),
        ),
      ),
    );
    const ids = people.map((p) => p.user.id);
    await until(
      async () =>
        (
          await ctx.database.db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(notificationDeliveries)
            .where(sql`${notificationDeliveries.userId} in (${sql.join(ids, sql`, `)}) and ${notificationDeliveries.status} = 'sent'`)
        )[0]!.n,
      (n) => n === 24,
    );
    const perMessage = sent.map((s) => s.split(':').slice(1).join(':'));
    expect(perMessage).toHaveLength(24);
    expect(new Set(perMessage).size).toBe(24);
  });

  it('preferences: a customer who turns SMS off for parcels at the branch gets none; refusing unknown events', async () => {
    const c = await registerCustomer(ctx);
    const put = await call('PUT', '/notifications/preferences', {
      token: c.token,
      body: { preferences: [{ event: 'order_at_branch', channel: 'sms', enabled: false }] },
    });
    expect(put.status, put.body).toBe(200);
    expect(put.json.data.preferences).toContainEqual({ event: 'order_at_branch', channel: 'sms', enabled: false });
    expect(put.json.data.preferences).toContainEqual({ event: 'storage_reminder', channel: 'sms', enabled: true });
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [{ userId: c.user.id, event: 'order_at_branch', params: parcel() }]),
    );
    expect(await deliveriesOf(c.user.id)).toEqual([]);
    // still in the portal
    expect((await call('GET', '/auth/user', { token: c.token })).json.data.notifications.orders.unread).toBe(1);
    const bad = await call('PUT', '/notifications/preferences', {
      token: c.token,
      body: { preferences: [{ event: 'lottery', channel: 'sms', enabled: true }] },
    });
    expect(bad.status).toBe(422);
  });

  it('preferences: the portal is a channel too: turned off for news, a news message is not listed nor counted, but still goes out on SMS when chosen', async () => {
    const c = await registerCustomer(ctx);
    const settings = (await call('GET', '/notifications/settings', { token: c.token })).json.data;
    expect(settings.preferences).toContainEqual({ event: 'news', channel: 'portal', enabled: true });
    expect(settings.preferences).toHaveLength(NOTIFICATION_EVENTS.length * 4);
    const put = await call('PUT', '/notifications/preferences', {
      token: c.token,
      body: {
        preferences: [
          { event: 'news', channel: 'portal', enabled: false },
          { event: 'news', channel: 'sms', enabled: true },
        ],
      },
    });
    expect(put.status, put.body).toBe(200);
    const text = { title: { ru: 'Скидка', kk: 'Жеңілдік', en: 'Sale' }, body: { ru: 'Тариф ниже', kk: 'Тариф төмен', en: 'Lower tariff' } };
    await ctx.database.db.transaction((tx) =>
      notificationsService.notify(tx, [
        { userId: c.user.id, event: 'news', params: text },
        { userId: c.user.id, event: 'order_received', params: parcel() },
      ]),
    );
    const groups = (await call('GET', '/auth/user', { token: c.token })).json.data.notifications;
    expect(groups.news).toMatchObject({ unread: 0, data: [] });
    expect(groups.orders.unread).toBe(1);
    const log = await deliveriesOf(c.user.id);
    expect(log.map((d) => d.channel)).toEqual(['sms']);
  });
});

describe('Telegram not configured (no TELEGRAM_BOT_TOKEN)', () => {
  it("the profile says it is not available, a link is 404 in the caller's language, the webhook is 404", async () => {
    const c = await registerCustomer(ctx);
    const settings = (await call('GET', '/notifications/settings', { token: c.token })).json.data;
    expect(settings.channels.find((ch: { channel: string }) => ch.channel === 'telegram')).toMatchObject({ available: false });
    const link = await call('POST', '/notifications/telegram/link', { token: c.token, lang: 'kk' });
    expect(link.status).toBe(404);
    expect(link.json).toMatchObject({ code: 'channel_not_offered', message: expect.stringContaining('қосылмаған') });
    expect((await call('POST', '/telegram/webhook', { body: { update_id: 1 } })).status).toBe(404);
    expect((await call('POST', '/notifications/telegram/link')).status).toBe(401);
  });
});
