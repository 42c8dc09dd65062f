import { describe, expect, it } from 'vitest';
import { insurancePremiumMinor, uninsuredLimitMinor } from './insurance';

describe('insurance premium (the one rule)', () => {
  const terms = { rateBp: 300, minPremium: 50_000 };
  it('is the rate of the declared value, rounded half up to whole tenge', () => {
    expect(insurancePremiumMinor(10_000_000, terms, 'KZT')).toBe(300_000); // 3 % of 100 000 ₸ = 3 000 ₸
    expect(insurancePremiumMinor(2_345_050, terms, 'KZT')).toBe(70_400); // 703.515 ₸ → 704 ₸
    expect(insurancePremiumMinor(2_341_650, terms, 'KZT')).toBe(70_200); // 702.4995 ₸ → 702 ₸
  });
  it('is never below the minimum, and 0 % with no minimum is free', () => {
    expect(insurancePremiumMinor(100_000, terms, 'KZT')).toBe(50_000);
    expect(insurancePremiumMinor(0, { rateBp: 0, minPremium: 0 }, 'KZT')).toBe(0);
  });
  it('refuses a negative or fractional value', () => {
    expect(() => insurancePremiumMinor(-1, terms, 'KZT')).toThrow(RangeError);
    expect(() => insurancePremiumMinor(1.5, terms, 'KZT')).toThrow(RangeError);
  });
  it('limits an uninsured parcel per kg, rounded to the step', () => {
    expect(uninsuredLimitMinor(2.5, { uninsuredPerKg: 200_000 }, 'KZT')).toBe(500_000);
    expect(uninsuredLimitMinor(0.333, { uninsuredPerKg: 100_050 }, 'KZT')).toBe(33_300);
  });
});
