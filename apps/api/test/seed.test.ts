import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/db/seed';
import { freshDatabase } from './helpers';

type Counts = Record<string, number>;
let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => db.drop());

async function counts(): Promise<Counts> {
  const tables = [
    'countries',
    'branches',
    'warehouses',
    'settings',
    'order_statuses',
    'users',
    'lessons',
    'lesson_steps',
    'faqs',
    'news',
    'marketplaces',
    'prohibited_items',
    'orders',
    'saved_tracks',
    'notifications',
  ];
  const out: Counts = {};
  for (const t of tables) {
    const res = await db.database.db.execute(sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

describe('seed', () => {
  it('in production mode seeds reference data but no demo accounts or demo parcels', async () => {
    const result = await seedDatabase(db.database.db, { demo: false });
    expect(result.demoAccounts).toEqual([]);
    const c = await counts();
    expect(c.countries).toBeGreaterThanOrEqual(2);
    expect(c.branches).toBeGreaterThanOrEqual(8);
    expect(c.order_statuses).toBe(4);
    expect(c.users).toBe(0);
    expect(c.orders).toBe(0);
  });

  it('with demo data is complete and idempotent (a second run changes nothing)', async () => {
    const first = await seedDatabase(db.database.db, { demo: true });
    expect(first.demoAccounts.map((a) => a.role)).toEqual(['customer', 'staff', 'staff', 'admin']);
    const once = await counts();
    expect(once.lessons).toBeGreaterThanOrEqual(5);
    expect(once.prohibited_items).toBeGreaterThanOrEqual(12);
    expect(once.faqs).toBeGreaterThanOrEqual(12);
    expect(once.news).toBeGreaterThanOrEqual(6);
    expect(once.marketplaces).toBeGreaterThanOrEqual(6);
    expect(once.orders).toBeGreaterThan(0);
    await seedDatabase(db.database.db, { demo: true });
    expect(await counts()).toEqual(once);
  });
});
