import { describe, expect, it } from 'vitest';
import { convertMinor, dayIn, dutyFor, ruleInForce, rulesOverlap, type TDutyRuleTerms } from './duty';

const EAEU: TDutyRuleTerms = { period: 'parcel', valueThreshold: 20_000, weightThresholdKg: 31, rateBp: 1500, minPerKg: 200 };

describe('dutyFor (EAEU rule: 200 EUR, 31 kg, 15 %, at least 2 EUR/kg)', () => {
  it('exactly at 200.00 EUR and 31.000 kg is within the limit', () => {
    const r = dutyFor(EAEU, { value: 20_000, weightKg: 31 });
    expect(r).toMatchObject({ crosses: false, estimatedDuty: 0, used: 20_000, remaining: 0, overValue: 0, overGrams: 0 });
  });
  it('one cent over: 15 % of one cent, rounded half up to the cent (0.15 → 0), still crossing', () => {
    const r = dutyFor(EAEU, { value: 20_001, weightKg: 1 });
    expect(r.crosses).toBe(true);
    expect(r.overValue).toBe(1);
    expect(r.estimatedDuty).toBe(0);
    expect(dutyFor(EAEU, { value: 20_004, weightKg: 1 }).estimatedDuty).toBe(1); // 0.6 → 1
    expect(dutyFor(EAEU, { value: 20_010, weightKg: 1 }).estimatedDuty).toBe(2); // 1.5 → 2
  });
  it('one gram over: 2 EUR/kg × 0.001 kg = 0.2 cent → 0, crossing; 3 g → 1 cent', () => {
    expect(dutyFor(EAEU, { value: 100, weightKg: 31.001 })).toMatchObject({ crosses: true, overGrams: 1, estimatedDuty: 0 });
    expect(dutyFor(EAEU, { value: 100, weightKg: 31.003 }).estimatedDuty).toBe(1);
  });
  it('the larger of the two terms', () => {
    // 300 EUR, 41 kg: 15 % × 100 EUR = 15 EUR; 2 EUR × 10 kg = 20 EUR → 20 EUR.
    expect(dutyFor(EAEU, { value: 30_000, weightKg: 41 }).estimatedDuty).toBe(2_000);
    // 400 EUR, 32 kg: 30 EUR vs 2 EUR → 30 EUR.
    expect(dutyFor(EAEU, { value: 40_000, weightKg: 32 }).estimatedDuty).toBe(3_000);
    expect(dutyFor(EAEU, { value: 19_999, weightKg: 30.999 })).toMatchObject({ crosses: false, remaining: 1 });
  });
  it('a parcel rule ignores previous parcels; a month rule counts only what this parcel adds over', () => {
    expect(dutyFor(EAEU, { value: 10_000, weightKg: 1, previousValue: 50_000 }).crosses).toBe(false);
    const month = { ...EAEU, period: 'month' as const };
    expect(dutyFor(month, { value: 10_000, weightKg: 1, previousValue: 15_000 })).toMatchObject({
      used: 25_000,
      remaining: 0,
      crosses: true,
      overValue: 5_000,
      estimatedDuty: 750,
    });
    // Already over before this parcel: all of it is over.
    expect(dutyFor(month, { value: 10_000, weightKg: 1, previousValue: 25_000 }).overValue).toBe(10_000);
    expect(dutyFor(month, { value: 5_000, weightKg: 1, previousValue: 15_000 }).crosses).toBe(false);
  });
});

describe('rules by date (both ends inclusive, local day)', () => {
  const rules = [
    { id: 1, effectiveFrom: '2020-01-01', effectiveTo: '2026-12-31' },
    { id: 2, effectiveFrom: '2027-01-01', effectiveTo: null },
  ];
  it('a rule ending on D applies on D; the next starting on D+1 from D+1', () => {
    expect(ruleInForce(rules, '2026-12-31')?.id).toBe(1);
    expect(ruleInForce(rules, '2027-01-01')?.id).toBe(2);
    expect(ruleInForce(rules, '2019-12-31')).toBeUndefined();
  });
  it('the day is the country time zone’s: 18:30 UTC on 2026-12-31 is 2027-01-01 in Bishkek (UTC+6)', () => {
    const instant = new Date('2026-12-31T18:30:00Z');
    expect(dayIn(instant, 'Asia/Bishkek')).toBe('2027-01-01'); // UTC+6
    expect(dayIn(instant, 'UTC')).toBe('2026-12-31');
    expect(ruleInForce(rules, dayIn(instant, 'Asia/Bishkek'))?.id).toBe(2);
  });
  it('overlap', () => {
    expect(rulesOverlap(rules[0]!, rules[1]!)).toBe(false);
    expect(rulesOverlap(rules[0]!, { effectiveFrom: '2026-12-31', effectiveTo: null })).toBe(true);
    expect(
      rulesOverlap({ effectiveFrom: '2020-01-01', effectiveTo: null }, { effectiveFrom: '2030-01-01', effectiveTo: '2030-02-01' }),
    ).toBe(true);
  });
});

describe('convertMinor through KZT', () => {
  it('USD → EUR at 470.51 and 512.30 KZT per unit, half up', () => {
    expect(convertMinor(10_000, '470.51', '512.30')).toBe(9184); // 100 USD = 91.8426… EUR
    expect(convertMinor(10_000, '1', '512.30')).toBe(20); // 100 KZT = 0.195 EUR → 0.20
    expect(convertMinor(512_30, '1', '512.30')).toBe(100);
    expect(() => convertMinor(1, 'x', '1')).toThrow();
  });
});
