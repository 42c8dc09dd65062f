import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargedPriceMinor, toMajor, toMinor } from '@portal/contract';
import { branches } from '../src/db/schema';
import { parcelsIn, type Customer, type Measures } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, staffTokens, type Staff } from './manage-helpers';

/**
 * Money the customer sees (issue 32): the chargeable weight beside every price (cards, receipts), "to pay" with the
 * open debt, a receipt's debt-repaid line, and prices rounded once at pricing to the currency's step (whole tenge).
 */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
/** The demo branch's tariff in minor units per kg (189 000 = 1 890 ₸) and its currency (KZT). */
let tariffMinor: number;
let currency: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  tariffMinor = b!.tariff;
  currency = b!.currency;
});
afterAll(async () => ctx.close());

/** A customer of the demo branch whose parcels reached it (priced), with their ids. */
const customerWith = (parcels: Measures[], owner?: Customer) =>
  parcelsIn(ctx, 'at_branch', parcels, { owner, prefix: 'MS', customer: { branchId: staff.branchId } });

async function cards(token: string) {
  const statuses = (await m.call('GET', '/orders/statuses', { token })).json.data as { id: number; code: string }[];
  const atBranch = statuses.find((s) => s.code === 'at_branch')!;
  const res = await m.call('GET', `/orders/status/${atBranch.id}/orders`, { token, lang: 'en' });
  expect(res.status, res.body).toBe(200);
  return res.json.data as { weight: number; price: number | null; weights: Record<string, unknown> }[];
}

describe('a rounding rule per currency, applied once at pricing', () => {
  it('0,85 kg × 1 890 ₸ = 1 606,5 ₸ is charged 1 607 ₸ (whole tenge, half up); the contract and the database agree', async () => {
    expect(currency).toBe('KZT');
    const c = await customerWith([{ weight: 0.85 }, { weight: 0.55 }]);
    const prices = (await cards(c.token)).map((o) => o.price).sort();
    // 0.55 × 1 890 = 1 039,5 → 1 040; 0.85 × 1 890 = 1 606,5 → 1 607.
    expect(prices).toEqual([1040, 1607]);
    expect(prices).toEqual([toMajor(chargedPriceMinor(0.55, tariffMinor, 'KZT')), toMajor(chargedPriceMinor(0.85, tariffMinor, 'KZT'))]);
  });
});

describe('chargeable weight where money appears', () => {
  it('a card carries the weights block: the chargeable (volumetric) weight and why, beside its price', async () => {
    const dims = { length: 40, width: 30, height: 20 }; // 24 000 cm³ / 6000 = 4 kg
    const c = await customerWith([{ weight: 2.35, dimensions: dims }]);
    const [card] = await cards(c.token);
    expect(card!.weight).toBe(2.35);
    expect(card!.weights).toEqual({
      dimensions: dims,
      volumetric_divisor: 6000,
      volumetric_weight: 4,
      chargeable_weight: 4,
      charged_by: 'volumetric',
    });
    expect(card!.price).toBe(toMajor(chargedPriceMinor(4, tariffMinor, currency)));
  });

  it('the receipt line reads chargeable kg × tariff = price (not the actual weight)', async () => {
    const dims = { length: 40, width: 30, height: 20 };
    const c = await customerWith([{ weight: 2.35, dimensions: dims }, { weight: 1 }]);
    const look = (await m.lookup(staff.branch, { customer: c.user.client_code })).json.data;
    const done = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: look.total_minor }] });
    expect(done.status, done.body).toBe(200);
    const receipt = (await m.call('GET', `/receipts/${done.json.data.id}`, { token: c.token, lang: 'ru' })).json.data;
    const [volumetric, plain] = receipt.items as { weight: number; weights: any; tariff: number; price: number }[];
    expect(volumetric!.weight).toBe(2.35);
    expect(volumetric!.weights).toMatchObject({ chargeable_weight: 4, charged_by: 'volumetric', dimensions: dims });
    expect(toMinor(volumetric!.price)).toBe(
      chargedPriceMinor(volumetric!.weights.chargeable_weight, toMinor(volumetric!.tariff), currency),
    );
    expect(plain!.weights).toMatchObject({ chargeable_weight: 1, charged_by: 'actual', dimensions: null });
  });
});

describe('"to pay" includes the open debt, and a receipt shows the debt it repaid', () => {
  it('waiting: total of the parcels, the debt in that currency, and to_pay = both; the next receipt has debt_repaid', async () => {
    // First visit: takes one parcel, pays nothing: its price becomes debt.
    const c = await customerWith([{ weight: 1 }]);
    const first = await m.complete(staff.branch, { customer_id: c.user.id, payments: [], accept_debt: true });
    expect(first.status, first.body).toBe(200);
    const debt = chargedPriceMinor(1, tariffMinor, currency);
    expect((await m.call('GET', `/receipts/${first.json.data.id}`, { token: c.token })).json.data).toMatchObject({
      paid: 0,
      remaining: debt,
      debt_repaid: 0,
    });

    // Two more parcels wait: "to pay" is their total and the debt, and says how much of it is debt.
    await customerWith([{ weight: 2 }], c);
    const [row] = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    const total = chargedPriceMinor(2, tariffMinor, currency);
    expect(row).toMatchObject({ count: 1, currency, total, debt, to_pay: total + debt });

    // Second visit pays both: the receipt's total is the parcel's, paid is more, and the difference is the debt repaid.
    const second = await m.complete(staff.branch, { customer_id: c.user.id, payments: [{ method: 'cash', amount: total + debt }] });
    expect(second.status, second.body).toBe(200);
    const receipt = (await m.call('GET', `/receipts/${second.json.data.id}`, { token: c.token })).json.data;
    expect(receipt).toMatchObject({ total_minor: total, paid: total + debt, remaining: 0, debt_repaid: debt });
    expect(receipt.total_minor + receipt.debt_repaid).toBe(receipt.paid);
    // Nothing waits and nothing is owed: the summary is empty again.
    expect((await m.call('GET', '/orders/waiting', { token: c.token })).json.data).toEqual([]);
  });

  it('without debt, to_pay is the parcels’ total', async () => {
    const c = await customerWith([{ weight: 1.5 }]);
    const [row] = (await m.call('GET', '/orders/waiting', { token: c.token })).json.data;
    expect(row).toMatchObject({ debt: 0, to_pay: row.total });
  });
});
