import { describe, expect, it } from 'vitest';
import {
  chargeableWeightKg,
  DEFAULT_VOLUMETRIC_DIVISOR,
  priceFor,
  priceMinorFor,
  PRICE_ROUNDING_RULE,
  volumetricWeightKg,
} from '../src/parcels/chargeable-weight';

describe('chargeable weight and price (one rule)', () => {
  it('volumetric weight is L×W×H / divisor in kg, rounded up to the gram; 6000 by default', () => {
    expect(DEFAULT_VOLUMETRIC_DIVISOR).toBe(6000);
    expect(volumetricWeightKg({ length: 60, width: 40, height: 30 })).toBe(12);
    expect(volumetricWeightKg({ length: 10, width: 10, height: 10 })).toBe(0.167); // 0.16666… → up
    expect(volumetricWeightKg({ length: 60, width: 40, height: 30 }, 5000)).toBe(14.4);
    expect(volumetricWeightKg(null)).toBeNull();
  });

  it('chargeable weight is the larger of actual and volumetric', () => {
    expect(chargeableWeightKg(2.35, { length: 60, width: 40, height: 30 })).toBe(12);
    expect(chargeableWeightKg(15, { length: 60, width: 40, height: 30 })).toBe(15);
    expect(chargeableWeightKg(2.35)).toBe(2.35);
  });

  it('price = chargeable × tariff, half up to 2 decimals, exact where floats are not', () => {
    expect(priceFor(2.35, 2500)).toBe(5875);
    expect(priceFor(1.005, 1)).toBe(1.01); // 1.005 × 100 is 100.49999… in floats
    expect(priceFor(0.001, 4.99)).toBe(0); // 0.00499 → 0.00
    expect(priceFor(0.001, 5)).toBe(0.01); // 0.005 → half up
    expect(priceFor(1000, 99999.99)).toBe(99999990);
    expect(priceFor(2.35, 1890.1)).toBe(4441.74); // Math.round(2.35 × 1890.1 × 100) / 100 is 4441.73
  });

  it('the price in minor units from a tariff in minor units: integers only, the same rule', () => {
    expect(priceMinorFor(2.35, 189_010)).toBe(444_174); // 4441.735 → half up
    expect(priceMinorFor(1.005, 100)).toBe(101);
    expect(priceMinorFor(0.001, 499)).toBe(0);
    expect(priceMinorFor(0.001, 500)).toBe(1);
    expect(priceMinorFor(0, 189_000)).toBe(0);
    for (let i = 0; i < 2000; i++) {
      const grams = Math.floor(Math.random() * 100_000);
      const tariff = Math.floor(Math.random() * 100_000_000);
      const exact = (BigInt(grams) * BigInt(tariff) + 500n) / 1000n;
      expect(BigInt(priceMinorFor(grams / 1000, tariff))).toBe(exact);
      expect(priceFor(grams / 1000, tariff / 100)).toBe(Number(exact) / 100);
    }
  });

  it('the rule is written down in every language', () => {
    for (const text of Object.values(PRICE_ROUNDING_RULE)) expect(text).toContain('{divisor}');
  });
});
