import { sql } from 'drizzle-orm';
import { receiptTotalsMinor } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/seed';
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

  it('goes through the real hand-over: every delivered demo parcel is on a receipt whose total is its charge, to the tiyn', async () => {
    await seedDatabase(db.database.db, { demo: true });
    const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
    // As kept: the total and the items' prices in minor units (bigint total: text on node-postgres).
    const receipts = rows<{
      id: number;
      total: string | number;
      items: { price: number; weight: number; insurance?: number }[];
      total_weight: string;
      storage: string | number;
    }>(
      await db.database.db.execute(
        sql`select id, total, items, total_weight, storage_fee - storage_waived as storage from receipts order by id`,
      ),
    );
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    const unreceipted = rows<{ n: number }>(
      await db.database.db.execute(
        sql`select count(*)::int as n from orders o join order_statuses s on s.id = o.status_id where s.code = 'delivered' and o.receipt_id is null`,
      ),
    );
    expect(unreceipted[0]!.n).toBe(0);
    for (const r of receipts) {
      const money = rows<{ charged: string | null; paid: string | null }>(
        await db.database.db.execute(
          sql`select (select sum(amount) from charges where receipt_id = ${r.id}) as charged, (select sum(amount) from payments where receipt_id = ${r.id}) as paid`,
        ),
      )[0]!;
      const totals = receiptTotalsMinor(r.items.map((i) => ({ priceMinor: i.price, weight: i.weight, insuranceMinor: i.insurance })));
      // The charge row is the receipt's total in minor units, which is its lines' prices added in minor units.
      expect(Number.isSafeInteger(r.items[0]!.price)).toBe(true);
      expect(Number(money.charged)).toBe(Number(r.total));
      // … plus the storage it charged (ADR 073).
      expect(Number(money.charged)).toBe(totals.totalMinor + Number(r.storage));
      expect(Number(money.paid)).toBe(totals.totalMinor + Number(r.storage));
      expect(Number(r.total_weight)).toBe(totals.totalWeight);
    }
    // Its money is dated with the hand-overs, and the kept revenue per day still equals the journal.
    const kept = rows<{ k: string }>(
      await db.database.db.execute(
        sql`select business_date || '|' || branch_id || '|' || method || '|' || amount || '|' || n as k from revenue_days order by 1`,
      ),
    );
    const journal = rows<{ k: string }>(
      await db.database.db.execute(
        sql`select business_date || '|' || branch_id || '|' || method || '|' || sum(amount) || '|' || count(*) as k from payments group by business_date, branch_id, method, currency order by 1`,
      ),
    );
    expect(kept).toEqual(journal);
    expect(new Set(journal.map((j) => j.k.slice(0, 10))).size).toBeGreaterThan(1);
  });
});
