import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeableWeightKg, priceFor, toMajor, volumetricWeightKg } from '@portal/contract';
import { branches, settings } from '../src/db/schema';
import { parcelIn } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { manageClient, newCode, staffTokens, type Staff } from './manage-helpers';

/** Dimensions at receipt, the volumetric divisor setting and the price at arrival: the contract's one rule. */
let ctx: TestContext;
let staff: Staff;
let m: ReturnType<typeof manageClient>;
/** The branch's tariff as answers carry it (major units; the column keeps minor units). */
let tariff: number;
/** Its currency: prices are rounded to its step (whole tenge, ADR 072). */
let currency: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffTokens(ctx);
  m = manageClient(ctx);
  const [b] = await ctx.database.db.select().from(branches).where(eq(branches.id, staff.branchId));
  tariff = toMajor(b!.tariff);
  currency = b!.currency;
});
afterAll(async () => ctx.close());

/** One parcel for a new customer with these dimensions, received, dispatched and arrived at the demo branch. */
async function arrived(weight: number | string, dimensions?: { length: number; width: number; height: number }) {
  const p = await parcelIn(ctx, 'at_branch', { prefix: 'CW', weight, dimensions });
  const order = (await m.call('GET', `/orders/${p.id}`, { token: p.token })).json.data;
  return { received: p.received, arrivedParcel: p.parcel, order };
}

describe('chargeable weight', () => {
  it('a large light parcel is charged by its volumetric weight (L×W×H/6000), and the customer sees both and why', async () => {
    const dims = { length: 60, width: 40, height: 30 };
    const { received, arrivedParcel, order } = await arrived('2,35', dims);
    expect(received.weights).toEqual({
      dimensions: dims,
      volumetric_divisor: 6000,
      volumetric_weight: 12,
      chargeable_weight: 12,
      charged_by: 'volumetric',
    });
    expect(arrivedParcel.price).toBe(priceFor(12, tariff, currency));
    expect(order.weight).toBe(2.35);
    expect(order.price).toBe(priceFor(chargeableWeightKg(2.35, dims), tariff, currency));
    expect(order.weights).toMatchObject({ volumetric_weight: 12, chargeable_weight: 12, charged_by: 'volumetric' });
  });

  it('a heavy small parcel is charged by its actual weight; without dimensions the actual weight, as before', async () => {
    const heavy = await arrived(15, { length: 60, width: 40, height: 30 });
    expect(heavy.order.weights).toMatchObject({ volumetric_weight: 12, chargeable_weight: 15, charged_by: 'actual' });
    expect(heavy.order.price).toBe(priceFor(15, tariff, currency));
    const plain = await arrived(1.005);
    expect(plain.order.weights).toEqual({
      dimensions: null,
      volumetric_divisor: null,
      volumetric_weight: null,
      chargeable_weight: 1.005,
      charged_by: 'actual',
    });
    // numeric round in the database and priceFor agree where floats would not (1.005 × tariff).
    expect(plain.order.price).toBe(priceFor(1.005, tariff, currency));
  });

  it('rounding: the volumetric weight is rounded up to the gram, the price half up to the currency step', async () => {
    const dims = { length: 10, width: 10, height: 10.5 }; // 1050 / 6000 = 0.175 exactly; 10×10×10 = 0.1666… → 0.167
    const exact = await arrived(0.01, dims);
    expect(exact.order.weights.volumetric_weight).toBe(0.175);
    const up = await arrived(0.01, { length: 10, width: 10, height: 10 });
    expect(up.order.weights.volumetric_weight).toBe(volumetricWeightKg({ length: 10, width: 10, height: 10 }));
    expect(up.order.weights.volumetric_weight).toBe(0.167);
    expect(up.order.price).toBe(priceFor(0.167, tariff, currency));
  });

  it('the divisor is a setting: a parcel received after a change keeps the divisor in force at its receipt', async () => {
    await ctx.database.db.update(settings).set({ value: '5000' }).where(eq(settings.key, 'volumetric_divisor'));
    try {
      const { order } = await arrived(2, { length: 60, width: 40, height: 30 });
      expect(order.weights).toMatchObject({ volumetric_divisor: 5000, volumetric_weight: 14.4, charged_by: 'volumetric' });
      expect(order.price).toBe(priceFor(14.4, tariff, currency));
    } finally {
      await ctx.database.db.update(settings).set({ value: '6000' }).where(eq(settings.key, 'volumetric_divisor'));
    }
    const after = await arrived(2, { length: 60, width: 40, height: 30 });
    expect(after.order.weights).toMatchObject({ volumetric_divisor: 6000, volumetric_weight: 12 });
  });

  it('dimensions are three sides in cm, above 0, at most 300, one decimal; anything else is a 422 and nothing is written', async () => {
    for (const dimensions of [
      { length: 0, width: 10, height: 10 },
      { length: 301, width: 10, height: 10 },
      { length: 10.25, width: 10, height: 10 },
      { length: 10, width: 10 },
      { length: 10, width: 10, height: 10, depth: 1 },
      { length: '10', width: 10, height: 10 },
    ]) {
      const code = newCode('BAD');
      const res = await m.call('POST', '/manage/receive', {
        token: staff.warehouse,
        body: { track_code: code, weight: 1, dimensions },
        lang: 'en',
      });
      expect(res.status, JSON.stringify(dimensions)).toBe(422);
      const find = await m.call('GET', `/manage/dispatch?q=${code}`, { token: staff.warehouse });
      expect(find.json.meta.total).toBe(0);
    }
  });
});
