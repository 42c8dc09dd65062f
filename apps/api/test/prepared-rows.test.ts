import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { withCompiledRowMapper } from '../src/db/prepared';
import { orderStatuses, sessions, users } from '../src/db/schema';
import { orderPagesRepository } from '../src/modules/orders/order-pages-repository';
import { createTestApp, registerCustomer, type TestContext } from './helpers';
import { makeOrder } from './orders-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
});
afterAll(async () => ctx.close());

let n = 0;
/** The rows drizzle maps itself, and the rows of the same select prepared with the row mapper worked out once. */
async function both<T>(query: { prepare(name: string): { execute(): Promise<T> } } & PromiseLike<T>) {
  const mine = await withCompiledRowMapper(query.prepare(`prepared_rows_test_${(n += 1)}`)).execute();
  return { drizzle: await query, mine };
}

describe('prepared selects map rows as drizzle does', () => {
  it('the session with its user, the statuses, and an order page with rows, with a left join that found nothing', async () => {
    const db = ctx.database.db;
    const c = await registerCustomer(ctx);
    const [status] = await db.select().from(orderStatuses).where(eq(orderStatuses.code, 'at_branch'));
    await makeOrder(db, { userId: c.user.id, status: 'at_branch', name: 'Boots', weight: 2 });
    await makeOrder(db, { userId: c.user.id, status: 'at_branch', name: 'Hat' });

    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, c.user.id));
    const withUser = await both(
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, session!.id)),
    );
    expect(withUser.mine).toEqual(withUser.drizzle);
    expect(withUser.mine[0]!.user.createdAt).toBeInstanceOf(Date);
    expect(withUser.mine[0]!.user.id).toBe(c.user.id);

    const statuses = await both(db.select().from(orderStatuses).orderBy(asc(orderStatuses.position)));
    expect(statuses.mine).toEqual(statuses.drizzle);

    const page = await both(orderPagesRepository.numberedPageQuery(db, { userId: c.user.id, statusId: status!.id, limit: 11, offset: 0 }));
    expect(page.mine).toHaveLength(2);
    expect(page.mine).toEqual(page.drizzle);
    expect(page.mine[0]!.order).toMatchObject({ name: 'Hat' });
    expect(page.mine[0]!.order!.receivedAt).toBeInstanceOf(Date);

    // Past the last page: the status row alone, its order null (the left-joined table found nothing).
    const empty = await both(
      orderPagesRepository.numberedPageQuery(db, { userId: c.user.id, statusId: status!.id, limit: 11, offset: 10 }),
    );
    expect(empty.mine).toEqual(empty.drizzle);
    expect(empty.mine).toEqual([{ status: { id: status!.id, code: 'at_branch', name: status!.name }, total: 2, order: null }]);
  });
});
