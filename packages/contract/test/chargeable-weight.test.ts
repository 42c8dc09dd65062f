import { describe, expect, it } from 'vitest';
import {
  chargedPriceMinor,
  chargeableWeightKg,
  DEFAULT_VOLUMETRIC_DIVISOR,
  priceFor,
  priceMinorFor,
  PRICE_ROUNDING_RULE,
  PRICE_STEP_MINOR,
  priceStepMinor,
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

  it('a currency rounds to its step once, at pricing: whole tenge and som half up, 2 decimals for the others', () => {
    expect(PRICE_STEP_MINOR).toEqual({ KZT: 100, KGS: 100 });
    expect([priceStepMinor('KZT'), priceStepMinor('KGS'), priceStepMinor('USD'), priceStepMinor(null)]).toEqual([100, 100, 1, 1]);
    expect(chargedPriceMinor(0.85, 189_000, 'KZT')).toBe(160_700); // 1 606,5 ₸ → 1 607 ₸
    expect(chargedPriceMinor(13.55, 189_000, 'KZT')).toBe(2_561_000); // 25 609,5 ₸ → 25 610 ₸
    expect(chargedPriceMinor(0.55, 39_000, 'KGS')).toBe(21_500); // 214,5 som → 215
    expect(chargedPriceMinor(0.549, 39_000, 'KGS')).toBe(21_400); // 214,11 som → 214
    expect(chargedPriceMinor(0.85, 189_000, 'USD')).toBe(160_650);
    // Once, on the exact value: 1 606,495 ₸ is 1 606 ₸ (rounding to tiyn first would make it 1 606,50 → 1 607).
    expect(chargedPriceMinor(0.5, 321_299, 'KZT')).toBe(160_600);
    expect(priceFor(0.85, 1890, 'KZT')).toBe(1607);
    expect(priceFor(0.85, 1890)).toBe(1606.5);
    for (let i = 0; i < 2000; i++) {
      const grams = Math.floor(Math.random() * 100_000);
      const tariff = Math.floor(Math.random() * 100_000_000);
      const exact = ((BigInt(grams) * BigInt(tariff) + 50_000n) / 100_000n) * 100n;
      expect(BigInt(chargedPriceMinor(grams / 1000, tariff, 'KZT'))).toBe(exact);
    }
  });

  it('the rule is written down in every language', () => {
    for (const text of Object.values(PRICE_ROUNDING_RULE)) expect(text).toContain('{divisor}');
  });
});
