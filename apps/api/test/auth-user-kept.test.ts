import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, orders, sessions, users } from '../src/db/schema';
import { createKeptGroups, KEPT_GROUPS_MAX, KEPT_ROWS_MAX } from '../src/modules/notifications/kept-groups';
import type { ShownNotificationRow } from '../src/modules/notifications/notifications-repository';
import { notificationsService } from '../src/modules/notifications/notifications-service';
import { parcels } from '../src/modules/parcels/parcels-service';
import { client, createTestApp, registerCustomer, secondInstance, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

/**
 * GET auth/user keeps each user's notification groups per app instance under the database's fingerprint of them
 * (ADR 067): the statement answers the rows only when the fingerprint the instance sends differs. These tests show
 * that a kept answer is used (nothing built again) and that it changes at once whenever what it shows changes, on
 * this instance or another one on the same database (a second buildApp stands for a second process: its own cache).
 */
let ctx: TestContext;
let call: ReturnType<typeof client>;
let other: FastifyInstance;
let callOther: ReturnType<typeof client>;

beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
  call = client(ctx.app);
  other = await secondInstance(ctx);
  callOther = client(other);
}, 60_000);
afterAll(async () => {
  await other.close();
  await ctx.close();
});
afterEach(() => vi.restoreAllMocks());

type Customer = Awaited<ReturnType<typeof registerCustomer>>;
type Shown = { id: number; title: string; body: string; read: boolean; new: boolean };
type Groups = Record<'orders' | 'news' | 'system', { data: Shown[]; unread: number }>;

async function me(c: Customer, lang = 'en', via = call) {
  const res = await via('GET', '/auth/user', { token: c.token, lang });
  expect(res.status).toBe(200);
  return res.json.data as { first_name: string; notifications: Groups };
}

/** A customer with one parcel on its way (an event-based notification, rendered per language) and one frozen text. */
async function customerWithNotices(): Promise<Customer> {
  const c = await registerCustomer(ctx);
  const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse', name: 'Boots' });
  await ctx.database.db.transaction((tx) => parcels.dispatch(tx, eq(orders.id, o.id), { userId: null }));
  await addSystemNotice(c, 'Welcome');
  return c;
}

async function addSystemNotice(c: Customer, title: string, createdAt?: Date) {
  await ctx.database.db
    .insert(notifications)
    .values({ userId: c.user.id, type: 'system', title, body: `${title} body`, ...(createdAt ? { createdAt } : {}) });
}

/** Counts the groups built (a kept answer builds none). */
const builds = () => vi.spyOn(notificationsService, 'groupsAt');

describe('GET auth/user keeps the notification groups under the database fingerprint', () => {
  it('answers a second call from what it keeps: nothing built again, the same answer', async () => {
    const c = await customerWithNotices();
    const first = await me(c);
    const built = builds();
    const again = await me(c);
    expect(again).toEqual(first);
    expect(built).not.toHaveBeenCalled();
    expect(again.notifications.orders.data[0]!.title).toBe('Parcel on its way');
  });

  it('changes at once when a notification is added', async () => {
    const c = await customerWithNotices();
    expect((await me(c)).notifications.system.data.map((n) => n.title)).toEqual(['Welcome']);
    await me(c); // kept
    await addSystemNotice(c, 'Second');
    const after = await me(c);
    expect(after.notifications.system.data.map((n) => n.title)).toEqual(['Second', 'Welcome']);
    expect(after.notifications.system.unread).toBe(2);
  });

  it('changes at once when one is marked read (directly in the database, as another process would)', async () => {
    const c = await customerWithNotices();
    const before = await me(c);
    expect(before.notifications.system).toMatchObject({ unread: 1, data: [{ read: false }] });
    await ctx.database.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, c.user.id));
    const after = await me(c);
    expect(after.notifications.system).toMatchObject({ unread: 0, data: [{ read: true, new: false }] });
    expect(after.notifications.orders.unread).toBe(0);
  });

  it("changes at once when the user's fields change", async () => {
    const c = await customerWithNotices();
    await me(c);
    await me(c);
    await ctx.database.db.update(users).set({ firstName: 'Aigerim' }).where(eq(users.id, c.user.id));
    const built = builds();
    const after = await me(c);
    expect(after.first_name).toBe('Aigerim');
    expect(built).not.toHaveBeenCalled(); // the notifications are still the kept ones
  });

  it('changes at once when the asked language changes (and keeps each language)', async () => {
    const c = await customerWithNotices();
    const en = await me(c, 'en');
    expect(en.notifications.orders.data[0]!.title).toBe('Parcel on its way');
    const ru = await me(c, 'ru');
    expect(ru.notifications.orders.data[0]!.title).not.toBe(en.notifications.orders.data[0]!.title);
    expect(ru.notifications.orders.data[0]!.body).toContain('Boots');
    const built = builds();
    expect(await me(c, 'en')).toEqual(en);
    expect(await me(c, 'ru')).toEqual(ru);
    expect(built).not.toHaveBeenCalled();
  });

  it('turns a `new` marker off when its day is over, without anything changing in the database', async () => {
    const c = await registerCustomer(ctx);
    const now = Date.now();
    await addSystemNotice(c, 'Almost a day old', new Date(now - 24 * 3600 * 1000 + 60_000));
    expect((await me(c)).notifications.system.data[0]).toMatchObject({ new: true });
    vi.spyOn(Date, 'now').mockReturnValue(now + 120_000);
    expect((await me(c)).notifications.system.data[0]).toMatchObject({ new: false, read: false });
  });

  it('shows on one instance what another one changed (each keeps its own)', async () => {
    const c = await customerWithNotices();
    // Both instances keep the unread state.
    expect((await me(c, 'en', call)).notifications.system.unread).toBe(1);
    expect((await me(c, 'en', callOther)).notifications.system.unread).toBe(1);
    expect((await me(c, 'en', callOther)).notifications.system.unread).toBe(1);
    // One marks everything read; the other answers the new state at once.
    expect((await call('POST', '/notifications/read', { token: c.token, body: {} })).status).toBe(200);
    const seen = await me(c, 'en', callOther);
    expect(seen.notifications.system).toMatchObject({ unread: 0, data: [{ read: true }] });
    expect(seen.notifications.orders.unread).toBe(0);
    // And a notice added through the other instance's database shows on the first.
    await addSystemNotice(c, 'Later');
    expect((await me(c, 'en', call)).notifications.system.data[0]!.title).toBe('Later');
  });

  it('answers a revoked or blocked session 401 with nothing, however warm what is kept', async () => {
    const revoked = await customerWithNotices();
    await me(revoked);
    await me(revoked);
    await ctx.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.user.id));
    const r = await call('GET', '/auth/user', { token: revoked.token, lang: 'en' });
    expect(r.status).toBe(401);
    expect(r.body).not.toContain('notifications');
    expect(r.body).not.toContain('Welcome');

    const blocked = await customerWithNotices();
    await me(blocked);
    await me(blocked);
    // Blocked behind the sessions' back (a request racing the block): the session row itself is still live.
    await ctx.database.db.execute(sql`update users set blocked_at = now() where id = ${blocked.user.id}`);
    const b = await call('GET', '/auth/user', { token: blocked.token, lang: 'en' });
    expect(b.status).toBe(401);
    expect(b.body).not.toContain('Welcome');
  });

  it(`keeps at most ${KEPT_GROUPS_MAX} users and ${KEPT_ROWS_MAX} notifications per instance, the least recently used out first`, () => {
    expect([KEPT_GROUPS_MAX, KEPT_ROWS_MAX]).toEqual([5_000, 50_000]);
    const rows = (n: number) => Array.from({ length: n }, () => [] as unknown as ShownNotificationRow);
    const kept = createKeptGroups({ users: 3, rows: 10 });
    for (const userId of [1, 2, 3]) kept.put(userId, `fp${userId}`, rows(1));
    expect(kept.get(1)?.fingerprint).toBe('fp1'); // now the most recently used
    kept.put(4, 'fp4', rows(1));
    expect(kept.stats()).toEqual({ users: 3, rows: 3 });
    expect(kept.get(2)).toBeUndefined();
    expect(kept.get(1)?.fingerprint).toBe('fp1');
    kept.put(1, 'fp1b', rows(2)); // replaced, not added
    expect(kept.stats()).toEqual({ users: 3, rows: 4 });
    expect(kept.get(1)?.fingerprint).toBe('fp1b');
    // Rows count too: 8 more push out the least recently used users until 10 or fewer are kept.
    expect(kept.get(3)?.fingerprint).toBe('fp3'); // order now: 4, 1, 3
    kept.put(5, 'fp5', rows(8));
    expect(kept.stats()).toEqual({ users: 2, rows: 9 });
    expect(kept.get(4)).toBeUndefined();
    expect(kept.get(1)).toBeUndefined();
    expect(kept.get(3)?.fingerprint).toBe('fp3');
    // One user with more than the cap is still kept (alone).
    kept.put(6, 'fp6', rows(12));
    expect(kept.stats()).toEqual({ users: 1, rows: 12 });
    expect(kept.get(6)?.fingerprint).toBe('fp6');
  });
});
