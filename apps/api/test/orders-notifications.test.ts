import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, orders } from '../src/db/schema';
import { parcels } from '../src/modules/parcels/parcels-service';
import { aCustomer } from './factories';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

/** What staff do when a parcel moves: update it and record the change, in one transaction. */
async function moveTo(orderId: number, to: 'in_transit' | 'at_branch') {
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    if (to === 'in_transit') await parcels.dispatch(tx, eq(orders.id, orderId), { userId: null });
    else
      await parcels.arrive(
        tx,
        [orderId],
        {
          id: (await tx.select({ b: orders.branchId }).from(orders).where(eq(orders.id, orderId)))[0]!.b!,
          tariff: 100_000,
          currency: 'KZT',
        },
        '2030-01-31',
        { userId: null },
      );
  });
}

const unread = async (token: string, lang?: string) => {
  const n = (await call('GET', '/auth/user', { token, lang })).json.data.notifications as Record<
    string,
    { unread: number; data: { title: string; body: string; link: string | null; read: boolean; new: boolean }[] }
  >;
  return { groups: n, total: Object.values(n).reduce((s, g) => s + g.unread, 0) };
};

describe('order notifications', () => {
  it("a status change adds an unread notification in the reader's language with a link to the order; reading drops the count", async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse', name: 'Boots' });
    const start = await unread(c.token);

    await moveTo(o.id, 'in_transit');
    const afterOne = await unread(c.token, 'en');
    expect(afterOne.groups.orders!.unread).toBe(start.groups.orders!.unread + 1);
    expect(afterOne.total).toBe(start.total + 1);
    const note = afterOne.groups.orders!.data[0]!;
    expect(note).toMatchObject({ title: 'Parcel on its way', link: `/orders/order?id=${o.id}`, read: false, new: true });
    expect(note.body).toContain('Boots');

    await moveTo(o.id, 'at_branch');
    const afterTwo = await unread(c.token, 'en');
    expect(afterTwo.groups.orders!.unread).toBe(start.groups.orders!.unread + 2);
    expect(afterTwo.groups.orders!.data[0]!.title).toBe('Parcel ready for pickup');
    // The timeline records both changes.
    const timeline = (await call('GET', `/orders/${o.id}/status/pending`, { token: c.token })).json.data;
    expect(timeline.history.map((h: { action: string }) => h.action)).toEqual(['received', 'dispatched', 'arrived']);

    // Reading the orders group answers the whole list, the orders count at zero, the other groups untouched.
    const read = await call('POST', '/notifications/read', { token: c.token, body: { type: 'orders' } });
    expect(read.status).toBe(200);
    expect(read.json.data.orders.unread).toBe(0);
    expect(read.json.data.orders.data.every((n: { read: boolean }) => n.read)).toBe(true);
    const after = await unread(c.token);
    expect(after.total).toBe(afterTwo.total - afterTwo.groups.orders!.unread);
  });

  it('the badge (sum of unread over every group) counts the demo groups and drops to zero when all are read', async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse' });
    await moveTo(o.id, 'in_transit');
    const { groups, total } = await unread(c.token);
    expect(total).toBe(Object.values(groups).reduce((s, g) => s + g.data.filter((n) => !n.read).length, 0));
    const res = await call('POST', '/notifications/read', { token: c.token });
    expect(Object.values(res.json.data as Record<string, { unread: number }>).every((g) => g.unread === 0)).toBe(true);
    expect((await unread(c.token)).total).toBe(0);
  });

  it('a customer reading in kk gets the kk text, whatever the account language; a parcel without owner notifies nobody', async () => {
    const c = await aCustomer(ctx, { lang: 'ru' });
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse' });
    await moveTo(o.id, 'in_transit');
    // A customer who chose Kazakh on the sign-in page of an account kept in Russian reads no Russian in the list.
    expect((await unread(c.token, 'kk')).groups.orders!.data[0]!.title).toBe('Сәлемдеме жолда');
    expect((await unread(c.token, 'ru')).groups.orders!.data[0]!.title).toBe('Посылка в пути');
    const login = await call('POST', '/auth/login', { lang: 'kk', body: { phone_number: c.phone, password: c.password } });
    expect(login.status, login.body).toBe(200);
    expect(login.json.data.user.notifications.orders.data[0].title).toBe('Сәлемдеме жолда');
    const read = await call('POST', '/notifications/read', { token: c.token, lang: 'en', body: { type: 'orders' } });
    expect(read.json.data.orders.data[0].title).toBe('Parcel on its way');
    const countAll = async () => (await ctx.database.db.select({ id: notifications.id }).from(notifications)).length;
    const before = await countAll();
    const stray = await makeOrder(ctx.database.db, { userId: null, status: 'china_warehouse', branchId: null });
    await moveTo(stray.id, 'in_transit');
    expect(await countAll()).toBe(before);
  });

  it("texts follow the reader's current language: a customer who switches to kk reads every older notification in kk", async () => {
    const c = await aCustomer(ctx, { lang: 'ru' });
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse', name: 'Etik' });
    await moveTo(o.id, 'in_transit');
    await moveTo(o.id, 'at_branch');
    const ru = (await unread(c.token, 'ru')).groups.orders!.data;
    expect(ru.slice(0, 2).map((n) => n.title)).toEqual(['Посылка ждёт вас', 'Посылка в пути']);

    // The switch (the web app sends the new language with it) answers the list in kk already.
    const switched = await call('POST', '/auth/user/update', { token: c.token, lang: 'kk', body: { language: 'kk' } });
    expect(switched.status, switched.body).toBe(200);
    expect(switched.json.data.notifications.orders.data[0].title).toBe('Сәлемдеме сізді күтіп тұр');
    const kk = (await unread(c.token, 'kk')).groups.orders!.data;
    // A caller that names no language of ours (or none at all) reads the account's language, now kk.
    expect((await unread(c.token, 'de-DE,de;q=0.9')).groups.orders!.data[0]!.title).toBe('Сәлемдеме сізді күтіп тұр');
    expect((await unread(c.token)).groups.orders!.data[0]!.title).toBe('Сәлемдеме сізді күтіп тұр');
    expect(kk.slice(0, 2).map((n) => n.title)).toEqual(['Сәлемдеме сізді күтіп тұр', 'Сәлемдеме жолда']);
    expect(kk[0]!.body).toContain('Etik');
    expect(kk[0]!.body).toMatch(/пунктіне келді/);
    // Nothing frozen was stored: the rows keep the event and its params only.
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, c.user.id));
    const mine = rows.filter((r) => r.event?.startsWith('order_'));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((r) => r.title === null && r.body === null && r.params !== null)).toBe(true);
  });
});
