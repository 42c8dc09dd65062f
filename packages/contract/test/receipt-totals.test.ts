import { describe, expect, it } from 'vitest';
import { toMinor } from '../src/common/money';
import { parcelChargeMinor, receiptTotals, receiptTotalsMinor } from '../src/receipts/receipt-totals';

describe("a receipt's totals from its charge lines", () => {
  it('adds prices in minor units and weights in grams, never as floating point', () => {
    // As floats: 0.1 + 0.2 = 0.30000000000000004, and 3 × 1890.1 = 5670.299999999999.
    expect(
      receiptTotals([
        { price: 0.1, weight: 0.1 },
        { price: 0.2, weight: 0.2 },
      ]),
    ).toEqual({ totalMinor: 30, insuranceMinor: 0, total: 0.3, totalWeight: 0.3 });
    const three = Array.from({ length: 3 }, () => ({ price: 1890.1, weight: 1.001 }));
    expect(receiptTotals(three)).toEqual({ totalMinor: 567030, insuranceMinor: 0, total: 5670.3, totalWeight: 3.003 });
  });

  it('adds lines priced in minor units (as the API keeps them) the same way', () => {
    const three = Array.from({ length: 3 }, () => ({ priceMinor: 444_174, weight: 1 }));
    expect(receiptTotalsMinor(three)).toEqual({ totalMinor: 1_332_522, insuranceMinor: 0, total: 13325.22, totalWeight: 3 });
    expect(receiptTotalsMinor([{ priceMinor: null, weight: 0.5 }])).toEqual({
      totalMinor: 0,
      insuranceMinor: 0,
      total: 0,
      totalWeight: 0.5,
    });
    expect(() =>
      receiptTotalsMinor([
        { priceMinor: Number.MAX_SAFE_INTEGER, weight: 0 },
        { priceMinor: 1, weight: 0 },
      ]),
    ).toThrow(RangeError);
  });

  it("charges each parcel its price plus its insurance premium (ADR 090), the premium's part kept apart", () => {
    expect(parcelChargeMinor({ priceMinor: 250_000, insuranceMinor: 50_000 })).toBe(300_000);
    expect(parcelChargeMinor({ priceMinor: null, insuranceMinor: 50_000 })).toBe(50_000);
    expect(parcelChargeMinor({ priceMinor: 250_000 })).toBe(250_000);
    expect(
      receiptTotalsMinor([
        { priceMinor: 250_000, weight: 2.5, insuranceMinor: 50_000 },
        { priceMinor: 100_000, weight: 1, insuranceMinor: 0 },
      ]),
    ).toEqual({ totalMinor: 400_000, insuranceMinor: 50_000, total: 4000, totalWeight: 3.5 });
    expect(receiptTotals([{ price: 2500, weight: 2.5, insurance: 500.5 }])).toEqual({
      totalMinor: 300_050,
      insuranceMinor: 50_050,
      total: 3000.5,
      totalWeight: 2.5,
    });
  });

  it('counts an unpriced line as nothing and an empty receipt as zero', () => {
    expect(
      receiptTotals([
        { price: null, weight: 0.5 },
        { price: 12.5, weight: 0 },
      ]),
    ).toEqual({ totalMinor: 1250, insuranceMinor: 0, total: 12.5, totalWeight: 0.5 });
    expect(receiptTotals([])).toEqual({ totalMinor: 0, insuranceMinor: 0, total: 0, totalWeight: 0 });
  });

  it('equals the exact sum of a random sample of many lines (checked with BigInt on the digits)', () => {
    for (let round = 0; round < 50; round++) {
      const lines = Array.from({ length: 200 }, () => ({
        price: Number((Math.floor(Math.random() * 10_000_000) / 100).toFixed(2)),
        weight: Number((Math.floor(Math.random() * 100_000) / 1000).toFixed(3)),
      }));
      const exact = lines.reduce((s, l) => s + BigInt(l.price!.toFixed(2).replace('.', '')), 0n);
      const grams = lines.reduce((s, l) => s + BigInt(l.weight.toFixed(3).replace('.', '')), 0n);
      const totals = receiptTotals(lines);
      expect(BigInt(totals.totalMinor)).toBe(exact);
      expect(toMinor(totals.total)).toBe(totals.totalMinor);
      expect(totals.totalWeight).toBe(Number(grams) / 1000);
    }
  });
});
