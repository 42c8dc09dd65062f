import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  notificationChannels,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
} from '../src/db/schema';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import { aCustomer } from './factories';
import { createTestApp, type TestContext } from './helpers';

/**
 * The set-wise write of a broadcast (notify-set.ts) states the channel rules of `notify` (notifications-service.ts) as
 * SQL joins: for every kind of customer both must answer the same portal listing and the same deliveries.
 */
let ctx: TestContext;
const kinds: Record<string, number> = {};
const params = { title: { kk: 'Т', ru: 'З', en: 'T' }, body: { kk: 'М', ru: 'Т', en: 'B' } };

beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
  const db = ctx.database.db;
  const names = ['defaults', 'smsOn', 'portalOff', 'telegram', 'telegramDead', 'telegramOff', 'push', 'pushOff', 'smsDead', 'emptyAddress'];
  for (const name of names) kinds[name] = (await aCustomer(ctx)).user.id;
  const pref = (name: string, channel: string, enabled: boolean) => ({ userId: kinds[name]!, event: 'news', channel, enabled });
  await db.insert(notificationPreferences).values([
    pref('smsOn', 'sms', true),
    pref('portalOff', 'portal', false),
    pref('telegram', 'telegram', true),
    pref('telegramDead', 'telegram', true),
    pref('telegramOff', 'telegram', false),
    pref('pushOff', 'push', false),
    pref('smsDead', 'sms', true),
    pref('emptyAddress', 'telegram', true),
    // A choice for another event changes nothing here.
    { userId: kinds.defaults!, event: 'order_arrived', channel: 'sms', enabled: true },
  ] as (typeof notificationPreferences.$inferInsert)[]);
  await db.insert(notificationChannels).values([
    { userId: kinds.telegram!, channel: 'telegram', address: '1001' },
    { userId: kinds.telegramDead!, channel: 'telegram', address: '1002', unreachableAt: new Date(), failures: 3 },
    { userId: kinds.telegramOff!, channel: 'telegram', address: '1003' },
    { userId: kinds.smsDead!, channel: 'sms', unreachableAt: new Date(), failures: 3 },
    { userId: kinds.emptyAddress!, channel: 'telegram', address: '' },
  ]);
  await db
    .insert(pushSubscriptions)
    .values(['push', 'pushOff'].map((n) => ({ userId: kinds[n]!, endpoint: `https://push.example/${n}`, p256dh: 'k', auth: 'a' })));
});
afterAll(async () => ctx.close());

async function outcome(broadcastId: number) {
  const db = ctx.database.db;
  const ns = await db
    .select({ id: notifications.id, userId: notifications.userId, inPortal: notifications.inPortal, type: notifications.type })
    .from(notifications)
    .where(eq(notifications.broadcastId, broadcastId));
  const ds = await db
    .select({
      userId: notificationDeliveries.userId,
      channel: notificationDeliveries.channel,
      status: notificationDeliveries.status,
      error: notificationDeliveries.error,
      id: notificationDeliveries.id,
    })
    .from(notificationDeliveries)
    .where(
      inArray(
        notificationDeliveries.notificationId,
        ns.map((n) => n.id),
      ),
    );
  const jobs = await ctx.database.executeSql(
    `select count(*)::int n from pgboss.job where name = 'notification-deliver' and (data->>'delivery_id')::bigint = any($1::bigint[])`,
    [ds.map((d) => d.id)],
  );
  const byKind: Record<string, unknown> = {};
  for (const [name, id] of Object.entries(kinds)) {
    const n = ns.filter((x) => x.userId === id);
    byKind[name] = {
      notes: n.map((x) => `${x.type}:${x.inPortal}`),
      deliveries: ds
        .filter((d) => d.userId === id)
        .map((d) => `${d.channel}:${d.status}:${d.error ?? ''}`)
        .sort(),
    };
  }
  return { byKind, jobs: Number(jobs.rows[0]!.n), queued: ds.filter((d) => d.status === 'queued').length };
}

const recipients = () => sql`select ${users.id} as id from ${users} where ${inArray(users.id, Object.values(kinds))} order by ${users.id}`;

describe('set-wise notify (broadcasts)', () => {
  it('answers what notify answers for every kind of customer, with one delivery job per queued delivery', async () => {
    const db = ctx.database.db;
    await db.transaction((tx) =>
      notificationsService.notify(
        tx,
        Object.values(kinds).map((userId) => ({ userId, event: 'news' as const, params, broadcastId: 900001 })),
      ),
    );
    const result = await db.transaction((tx) =>
      notificationsService.notifySet(tx, { recipients: recipients(), event: 'news', params, broadcastId: 900002 }),
    );
    expect(result).toMatchObject({ recipients: 10, written: 10, lastUserId: Math.max(...Object.values(kinds)) });
    const one = await outcome(900001);
    const set = await outcome(900002);
    expect(set.byKind).toEqual(one.byKind);
    expect(set.queued).toBe(3); // smsOn's SMS, telegram's Telegram, push's push; smsDead and telegramDead logged skipped
    expect(result.queued).toBe(set.queued);
    expect(set.jobs).toBe(set.queued);
    expect(one.jobs).toBe(one.queued);
    expect((set.byKind as Record<string, { deliveries: string[] }>).telegramDead!.deliveries).toEqual([
      'telegram:skipped:channel unreachable',
    ]);
  });

  it('writes nothing twice for the same broadcast and recipients (a batch repeated after a crash)', async () => {
    const db = ctx.database.db;
    const again = await db.transaction((tx) =>
      notificationsService.notifySet(tx, { recipients: recipients(), event: 'news', params, broadcastId: 900002 }),
    );
    expect(again).toMatchObject({ recipients: 10, written: 0, queued: 0 });
    const set = await outcome(900002);
    expect(set.jobs).toBe(set.queued);
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.broadcastId, 900002));
    expect(n!.n).toBe(10);
  });
});
