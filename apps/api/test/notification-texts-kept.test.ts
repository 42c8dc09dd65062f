import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifications, orders, users } from '../src/db/schema';
import { parcels } from '../src/modules/parcels/parcels-service';
import type { OrderParams } from '../src/modules/notifications/notification-texts';
import { RENDERED_TEXTS_MAX, renderedTexts } from '../src/modules/notifications/rendered-texts';
import { client, createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
  call = client(ctx.app);
});
afterAll(async () => ctx.close());

type Shown = { id: number; title: string; body: string };
/** The orders group as read in `lang` (the account's language and the request's alike). */
const ordersGroup = async (c: { token: string; user: { id: number } }, lang: 'en' | 'ru'): Promise<Shown[]> => {
  await ctx.database.db.update(users).set({ language: lang }).where(eq(users.id, c.user.id));
  return (await call('GET', '/auth/user', { token: c.token, lang })).json.data.notifications.orders.data;
};

describe('rendered notification texts are kept per process', () => {
  it('renders a notification once per language, and anew once its stored params change (as another process may change them)', async () => {
    const c = await registerCustomer(ctx);
    const o = await makeOrder(ctx.database.db, { userId: c.user.id, status: 'china_warehouse', name: 'Boots' });
    await ctx.database.db.transaction((tx) => parcels.dispatch(tx, eq(orders.id, o.id), { userId: null }));

    const before = renderedTexts.stats().renders;
    const [first] = await ordersGroup(c, 'en');
    expect(first).toMatchObject({ title: 'Parcel on its way' });
    expect(first!.body).toContain('Boots');
    expect(renderedTexts.stats().renders).toBe(before + 1);

    // Shown again: the kept text, not rendered again.
    expect((await ordersGroup(c, 'en'))[0]).toEqual(first);
    expect(renderedTexts.stats().renders).toBe(before + 1);

    // Another language is its own text, rendered once too.
    const [ru] = await ordersGroup(c, 'ru');
    expect(ru!.title).not.toBe(first!.title);
    expect(ru!.body).toContain('Boots');
    await ordersGroup(c, 'ru');
    expect(renderedTexts.stats().renders).toBe(before + 2);

    // The row changes behind this process's back: the kept text was made of other params and is not shown.
    await ctx.database.db.execute(sql`update notifications set params = jsonb_set(params, '{name}', '"Sandals"') where id = ${first!.id}`);
    const [changed] = await ordersGroup(c, 'en');
    expect(changed!.body).toContain('Sandals');
    expect(changed!.body).not.toContain('Boots');
    expect((await ordersGroup(c, 'ru'))[0]!.body).toContain('Sandals');
    const [row] = await ctx.database.db.select({ params: notifications.params }).from(notifications).where(eq(notifications.id, first!.id));
    expect(row!.params).toMatchObject({ name: 'Sandals' });
  });

  it(`keeps the texts of at most ${RENDERED_TEXTS_MAX} notifications, the least recently shown out first`, () => {
    const params: OrderParams = {
      order_id: 1,
      track_code: 'LP00000001',
      name: 'Kept',
      weight: 1,
      price: null,
      currency: null,
      storage_until: null,
      branch: null,
    };
    const base = 900_000_000; // ids no test database reaches
    for (let i = 0; i < RENDERED_TEXTS_MAX; i += 1) renderedTexts.put(base + i, 'order_received', 7, params, 'en');
    expect(renderedTexts.get(base, 'order_received', 7, 'en')).toBeDefined(); // now the most recently used
    expect(renderedTexts.get(base, 'order_received', 8, 'en')).toBeUndefined(); // other params: not these texts
    renderedTexts.put(base + RENDERED_TEXTS_MAX, 'order_received', 7, params, 'en');
    expect(renderedTexts.stats().size).toBe(RENDERED_TEXTS_MAX);
    expect(renderedTexts.get(base + 1, 'order_received', 7, 'en')).toBeUndefined();
    expect(renderedTexts.get(base, 'order_received', 7, 'en')?.body).toContain('Kept');
    expect(renderedTexts.get(base + RENDERED_TEXTS_MAX, 'order_received', 7, 'en')).toBeDefined();
  });
});
