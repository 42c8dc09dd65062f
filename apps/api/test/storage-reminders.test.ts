import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatMoney, localDate } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { branches, notificationDeliveries, notifications, orders, storageReminders, users } from '../src/db/schema';
import { loadConfig } from '../src/config/env';
import { localHour, sendStorageReminders, STORAGE_REMINDER_QUEUE } from '../src/modules/parcels/storage-reminders';
import { parcelIn } from './factories';
import { client, createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
// This app works jobs (as a production process does): the hourly schedule is registered and SMS go out.
beforeAll(async () => {
  ctx = await createTestApp({ env: { NOTIFY_WORKER: 'true', NOTIFY_RETRY_DELAY_SECONDS: '1' } });
});
afterAll(async () => ctx.close());

const settings = { days: [3, 0], hour: 10 };

/** The instant at which the clock in `timeZone` shows `day` and `hour`:30 (the controlled clock). */
function at(day: string, hour: number, timeZone: string): Date {
  const base = Date.parse(`${day}T${String(hour).padStart(2, '0')}:30:00Z`);
  for (let shift = -14; shift <= 14; shift++) {
    const d = new Date(base + shift * 3600_000);
    if (localDate(d, timeZone) === day && localHour(d, timeZone) === hour) return d;
  }
  throw new Error(`no instant for ${day} ${hour}h in ${timeZone}`);
}

let nextUntil = '2031-01-10';
/**
 * A parcel of a new customer (writing in `language`) waiting at the demo branch. Its last free day is moved to
 * a future date of its own, so the controlled clock meets no other parcel (the demo data has some at branches).
 */
async function parcelAtBranch(language: 'kk' | 'ru' | 'en') {
  const c = await parcelIn(ctx, 'at_branch', { prefix: 'SR', weight: 2, customer: { lang: language } });
  const [o] = await ctx.database.db
    .select({ id: orders.id, until: orders.storageUntil, tz: branches.timeZone })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(eq(orders.trackCode, c.code));
  expect(o!.until).toBe(addDays(localDate(new Date(), o!.tz), 14)); // the branch's free days from arrival
  const until = nextUntil;
  nextUntil = addDays(nextUntil, 20);
  await ctx.database.db.update(orders).set({ storageUntil: until }).where(eq(orders.id, o!.id));
  return { customer: c, orderId: o!.id, until, tz: o!.tz };
}

const remindersOf = (userId: number) =>
  ctx.database.db
    .select({ id: notifications.id, params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, 'storage_reminder')))
    .orderBy(notifications.id);

describe('storage reminders', () => {
  it('fire on the configured days only (3 days before and the last day), from the branch hour on, once per parcel and day', async () => {
    const p = await parcelAtBranch('kk');
    const send = (day: string, hour: number) => sendStorageReminders(ctx.database.db, at(day, hour, p.tz), settings);

    expect(await send(addDays(p.until, -4), 12)).toBe(0);
    expect(await send(addDays(p.until, -3), 9)).toBe(0); // before 10:00 at the branch
    expect(await remindersOf(p.customer.user.id)).toHaveLength(0);

    // The hourly job in several processes at once: one reminder.
    const burst = await Promise.all(Array.from({ length: 6 }, () => send(addDays(p.until, -3), 10)));
    expect(burst.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await send(addDays(p.until, -3), 18)).toBe(0); // later the same day
    expect(await send(addDays(p.until, -2), 12)).toBe(0);
    expect(await send(addDays(p.until, -1), 12)).toBe(0);
    expect(await send(p.until, 11)).toBe(1); // the last free day
    expect(await send(p.until, 15)).toBe(0);
    expect(await send(addDays(p.until, 1), 12)).toBe(0); // overdue: the staff's worklist takes over

    const sent = await remindersOf(p.customer.user.id);
    expect(sent.map((n) => (n.params as { days_left: number }).days_left)).toEqual([3, 0]);
    const days = await ctx.database.db.select().from(storageReminders).where(eq(storageReminders.orderId, p.orderId));
    expect(days.map((d) => [d.day, d.daysLeft]).sort()).toEqual([
      [addDays(p.until, -3), 3],
      [p.until, 0],
    ]);
  });

  it('speak the customer’s current language in the portal and by SMS', async () => {
    const p = await parcelAtBranch('kk');
    expect(await sendStorageReminders(ctx.database.db, at(addDays(p.until, -3), 12, p.tz), settings)).toBe(1);
    expect(await sendStorageReminders(ctx.database.db, at(p.until, 12, p.tz), settings)).toBe(1);

    const me = await client(ctx.app)('GET', '/auth/user', { token: p.customer.token });
    const orderTexts = me.json.data.notifications.orders.data as { title: string; body: string; link: string }[];
    const reminders = orderTexts.filter((n) => n.title === 'Сәлемдемені алып кетіңіз');
    expect(reminders).toHaveLength(2);
    expect(reminders[0]!.body).toContain('Бүгін тегін сақтаудың соңғы күні');
    expect(reminders[1]!.body).toContain('Тегін сақтауға 3 күн қалды');
    expect(reminders[0]!.link).toBe(`/orders/order?id=${p.orderId}`);
    // The fee that starts after the free days (the demo branch's 100 ₸ a day, kept on the parcel at arrival).
    for (const r of reminders) expect(r.body).toContain(`Одан кейін сақтау ақылы: күніне ${formatMoney(100, 'KZT', 'kk')}.`);

    // SMS carries storage reminders by default; the app's own worker sends them.
    const end = Date.now() + 20_000;
    let sms = ctx.sms.sent.filter((s) => s.to === p.customer.phone && s.text.includes('Тегін сақта'));
    while (sms.length < 2 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      sms = ctx.sms.sent.filter((s) => s.to === p.customer.phone && s.text.includes('Тегін сақта'));
    }
    expect(sms).toHaveLength(2);
    // The worker marks a delivery sent after the provider has answered: the log may trail the fake's record a moment.
    const sentLog = async () =>
      (
        await ctx.database.db
          .select({ status: notificationDeliveries.status })
          .from(notificationDeliveries)
          .where(and(eq(notificationDeliveries.userId, p.customer.user.id), eq(notificationDeliveries.channel, 'sms')))
      ).filter((d) => d.status === 'sent');
    let sent = await sentLog();
    while (sent.length < 3 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      sent = await sentLog();
    }
    expect(sent).toHaveLength(3); // at_branch + two reminders

    // Switching to Russian re-renders the same reminders.
    await ctx.database.db.update(users).set({ language: 'ru' }).where(eq(users.id, p.customer.user.id));
    const ru = await client(ctx.app)('GET', '/auth/user', { token: p.customer.token });
    expect((ru.json.data.notifications.orders.data as { body: string }[]).some((n) => n.body.includes('последний день'))).toBe(true);
    expect(
      (ru.json.data.notifications.orders.data as { body: string }[]).some((n) =>
        n.body.includes(`Затем хранение платное: ${formatMoney(100, 'KZT', 'ru')} в день.`),
      ),
    ).toBe(true);

    // Free storage (a fee of 0) names no fee.
    const free = await parcelAtBranch('ru');
    await ctx.database.db.update(orders).set({ storageFeePerDay: 0 }).where(eq(orders.id, free.orderId));
    expect(await sendStorageReminders(ctx.database.db, at(free.until, 12, free.tz), settings)).toBe(1);
    const [freeReminder] = await remindersOf(free.customer.user.id);
    expect(freeReminder!.params).not.toHaveProperty('storage_fee_per_day');
  });

  it('skip parcels handed over or archived', async () => {
    const gone = await parcelAtBranch('ru');
    await ctx.database.db.execute(
      sql`update orders set status_id = (select id from order_statuses where code = 'delivered') where id = ${gone.orderId}`,
    );
    expect(await sendStorageReminders(ctx.database.db, at(addDays(gone.until, -3), 12, gone.tz), settings)).toBe(0);
    const archived = await parcelAtBranch('ru');
    await ctx.database.db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, archived.orderId));
    expect(await sendStorageReminders(ctx.database.db, at(archived.until, 12, archived.tz), settings)).toBe(0);
    expect(await remindersOf(gone.customer.user.id)).toHaveLength(0);
  });

  it('are scheduled hourly on the queue in processes that work jobs', async () => {
    const rows = await ctx.database.executeSql(`select name, cron, timezone from pgboss.schedule where name = $1`, [
      STORAGE_REMINDER_QUEUE,
    ]);
    expect(rows.rows).toEqual([{ name: STORAGE_REMINDER_QUEUE, cron: '5 * * * *', timezone: 'UTC' }]);
  });

  it('read their days and hour from STORAGE_REMINDER_DAYS and STORAGE_REMINDER_HOUR', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(64) };
    expect(loadConfig(base).storageReminders).toEqual({ days: [3, 0], hour: 10 });
    expect(loadConfig({ ...base, STORAGE_REMINDER_DAYS: '1, 5,0', STORAGE_REMINDER_HOUR: '9' }).storageReminders).toEqual({
      days: [5, 1, 0],
      hour: 9,
    });
    expect(loadConfig({ ...base, STORAGE_REMINDER_DAYS: '' }).storageReminders.days).toEqual([]);
    expect(() => loadConfig({ ...base, STORAGE_REMINDER_DAYS: 'three' })).toThrow(/STORAGE_REMINDER_DAYS/);
  });
});
