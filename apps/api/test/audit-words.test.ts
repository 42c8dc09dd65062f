import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { formatMoney, toMajor } from '@portal/contract';
import { auditLog, orders } from '../src/db/schema';
import { aCustomer } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';
import { makeOrder } from './orders-fixtures';

/** Issue 32: the audit log in words, money formatted once, a split payment logged as split, search by what is shown. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
});
afterAll(async () => ctx.close());

interface Entry {
  action: string;
  action_name: string;
  summary: string;
  changes: { field: string; before: string | null; after: string | null }[];
  after: Record<string, unknown> | null;
  target_id: string | null;
}

const audit = async (query: string, lang: 'kk' | 'ru' | 'en') => {
  const res = await m.call('GET', `/admin/audit?filters[per_page]=100&${query}`, { token: staff.admin, lang });
  expect(res.status, res.body).toBe(200);
  return res.json.data as Entry[];
};

/** A customer of the demo branch with two parcels waiting there, handed over paid by cash and card. */
async function splitHandOver() {
  const c = await aCustomer(ctx, { branchId: staff.branchId });
  const codes: string[] = [];
  for (const weight of [1, 2])
    codes.push((await makeOrder(ctx.database.db, { userId: c.user.id, status: 'in_transit', branchId: staff.branchId, weight })).trackCode);
  expect((await m.arrive(staff.branch, { track_codes: codes })).json.data.counts.moved).toBe(2);
  const prices = await ctx.database.db.select({ price: orders.price }).from(orders).where(inArray(orders.trackCode, codes));
  const total = prices.reduce((s, p) => s + p.price!, 0);
  const cash = Math.floor(total / 2);
  const done = await m.complete(staff.branch, {
    customer_id: c.user.id,
    payments: [
      { method: 'cash', amount: cash },
      { method: 'card', amount: total - cash },
    ],
  });
  expect(done.status, done.body).toBe(200);
  return { c, codes, total, cash, receiptId: done.json.data.id as number };
}

describe('the audit log in words', () => {
  it('a split hand-over is one sentence with both payments in tenge, and no parcel row calls it "cash"', async () => {
    const { c, total, cash, receiptId } = await splitHandOver();
    const [row] = await audit(`filters[target_type]=receipt&filters[target_id]=${receiptId}`, 'ru');
    expect(row!.action).toBe('handover.complete');
    const money = (minor: number) => formatMoney(toMajor(minor), 'KZT', 'ru');
    expect(row!.summary).toContain(`клиенту ${c.user.client_code}`);
    expect(row!.summary).toContain(`${money(total)}, наличные ${money(cash)} + карта ${money(total - cash)}`);
    expect(row!.summary).not.toMatch(/KZT|\{/);
    expect(row!.after).toMatchObject({
      payments: [
        { method: 'cash', amount: toMajor(cash) },
        { method: 'card', amount: toMajor(total - cash) },
      ],
    });

    const parcelRows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'parcel.delivered'));
    const mine = parcelRows.filter((r) => (r.after as Record<string, unknown>).receipt_id === receiptId);
    expect(mine).toHaveLength(2);
    for (const r of mine) {
      const after = r.after as Record<string, unknown>;
      expect(after.payment_method).toBe('split');
      // One unit in one row: the price beside it is in tenge, so is what was paid.
      expect(after.paid).toBe(toMajor(total));
      expect(after.remaining).toBe(0);
    }
  });

  it('each row reads in the admin’s language with readable field changes; searching a shown action name finds its rows', async () => {
    await splitHandOver();
    for (const [lang, name] of [
      ['ru', 'Выдал(а) посылки'],
      ['kk', 'Сәлемдемелерді берді'],
      ['en', 'Handed over parcels'],
    ] as const) {
      const found = await audit(`filters[action]=${encodeURIComponent(name.slice(0, 8))}`, lang);
      expect(found.length, `${lang}: ${name}`).toBeGreaterThan(0);
      expect(found.some((r) => r.action === 'handover.complete')).toBe(true);
      expect(found.find((r) => r.action === 'handover.complete')!.action_name).toBe(name);
    }
    // The raw code still finds them.
    expect((await audit('filters[action]=handover', 'en')).every((r) => r.action === 'handover.complete')).toBe(true);
    // A parcel row: its change of status in words, its price with the currency sign.
    const arrived = (await audit('filters[action]=parcel.arrived', 'ru'))[0]!;
    expect(arrived.action_name).toBe('Принял(а) посылку в пункте');
    expect(arrived.changes).toContainEqual({ field: 'Статус', before: 'в пути', after: 'ждёт в пункте' });
    const price = arrived.changes.find((ch) => ch.field === 'Цена')!;
    expect(price.after).toMatch(/₸$/);
  });
});
