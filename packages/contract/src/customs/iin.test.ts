import { describe, expect, it } from 'vitest';
import { iinCheckDigit, isValidIin, isValidKgPersonalNumber, ZIin, ZKgPersonalNumber } from './iin';

/** A seeded generator (mulberry32): the same thousands of numbers on every run, so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pad = (n: number, len: number) => String(n).padStart(len, '0');

/** Valid IINs: a plausible birth date, century/sex digit 0–6, a serial, and the check digit (first 11 digits that have none are skipped). */
function validIins(count: number, seed: number): string[] {
  const next = rng(seed);
  const int = (n: number) => Math.floor(next() * n);
  const out: string[] = [];
  while (out.length < count) {
    const first11 = pad(int(100), 2) + pad(1 + int(12), 2) + pad(1 + int(31), 2) + String(int(7)) + pad(int(10_000), 4);
    const check = iinCheckDigit(first11);
    if (check !== null) out.push(first11 + check);
  }
  return out;
}
const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Whether the 11 digits check with the first weighting alone (Σ dᵢ·i mod 11 ≠ 10). */
const firstWeighting = (s: string) => [...s.slice(0, 11)].reduce((sum, d, i) => sum + Number(d) * W1[i]!, 0) % 11 !== 10;

/** Every number one digit away (position × other digit) that keeps the date and century plausible. */
function singleDigitChanges(iin: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < 12; i++) for (let d = 0; d <= 9; d++) if (String(d) !== iin[i]) out.push(iin.slice(0, i) + d + iin.slice(i + 1));
  return out;
}

describe('IIN (Kazakhstan)', () => {
  const valid = validIins(5000, 36);

  it('accepts every valid IIN (5 000 generated with a seeded generator)', () => {
    expect(valid.filter((iin) => !isValidIin(iin))).toEqual([]);
  });

  it('refuses every change of the check digit', () => {
    const passed: string[] = [];
    for (const iin of valid)
      for (let d = 0; d <= 9; d++) if (String(d) !== iin[11] && isValidIin(iin.slice(0, 11) + d)) passed.push(iin.slice(0, 11) + d);
    expect(passed).toEqual([]);
  });

  it('refuses every single-digit change outside the 11th digit when both numbers check with the first weighting', () => {
    let pairs = 0;
    const passed: string[] = [];
    for (const iin of valid) {
      if (!firstWeighting(iin)) continue;
      for (const changed of singleDigitChanges(iin)) {
        if (changed[10] !== iin[10] || !firstWeighting(changed)) continue;
        pairs++;
        if (isValidIin(changed)) passed.push(`${iin} → ${changed}`);
      }
    }
    expect(passed).toEqual([]);
    expect(pairs).toBeGreaterThan(100_000);
  });

  it('cannot see a change of the 11th digit under the first weighting: its weight 11 is 0 mod 11 (the official rule)', () => {
    let seen = 0;
    for (const iin of valid.slice(0, 500)) {
      if (!firstWeighting(iin)) continue;
      for (let d = 0; d <= 9; d++) {
        const changed = iin.slice(0, 10) + d + iin.slice(11);
        if (changed === iin || !firstWeighting(changed)) continue;
        seen++;
        expect(isValidIin(changed), changed).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });

  it('lets about one single-digit change in ten through, measured (the 11th digit, and the second weighting)', () => {
    let changes = 0;
    let passed = 0;
    for (const iin of valid.slice(0, 1000))
      for (const changed of singleDigitChanges(iin)) {
        if (!/^\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[0-6]/.test(changed)) continue;
        changes++;
        if (isValidIin(changed)) passed++;
      }
    const share = passed / changes;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.13);
  });

  it('agrees with published examples and refuses their typos', () => {
    for (const iin of ['061211600012', '791028302728']) expect(isValidIin(iin), iin).toBe(true);
    expect(isValidIin('791028302729')).toBe(false);
    expect(isValidIin('791028302782')).toBe(false); // the last two digits swapped
  });

  it('refuses wrong lengths, letters, impossible months and days, a century digit above 6', () => {
    for (const bad of ['', '79102830272', '7910283027281', '79102830272a', ' 791028302728', '791328302728', '791000302728', '791032302728'])
      expect(isValidIin(bad), bad).toBe(false);
    // A 7th digit 7–9 is refused even with a right check digit.
    const first11 = '7910287027' + '2';
    const check = iinCheckDigit(first11);
    if (check !== null) expect(isValidIin(first11 + check)).toBe(false);
  });

  it('has no check digit for 11 digits whose both weightings give 10 (no such IIN is issued)', () => {
    let none = 0;
    for (let n = 0; n < 200_000; n++) if (iinCheckDigit(pad(n * 4999, 11).slice(-11)) === null) none++;
    expect(none).toBeGreaterThan(0);
  });

  it('as a zod field: the message is the API error code', () => {
    expect(ZIin.safeParse('791028302728').success).toBe(true);
    const bad = ZIin.safeParse('791028302729');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('iin_invalid');
    expect(ZIin.safeParse(791028302728).error?.issues[0]?.message).toBe('iin_invalid');
  });
});

describe('Kyrgyz personal number', () => {
  it('accepts 14 digits: sex 1 or 2, a real DDMMYYYY date, 5 more digits', () => {
    expect(isValidKgPersonalNumber('21503199012345')).toBe(true);
    expect(isValidKgPersonalNumber('12902200000001')).toBe(true); // 29 Feb 2000
  });
  it('refuses another sex digit, an impossible date, a wrong length', () => {
    for (const bad of [
      '31503199012345',
      '01503199012345',
      '22902199912345',
      '23104199012345',
      '20013199012345',
      '2150319901234',
      '215031990123456',
      '2150319901234a',
    ])
      expect(isValidKgPersonalNumber(bad), bad).toBe(false);
    expect(ZKgPersonalNumber.safeParse('31503199012345').error?.issues[0]?.message).toBe('personal_number_invalid');
  });
  it('accepts every real date over a century (seeded)', () => {
    const next = rng(7);
    for (let i = 0; i < 3000; i++) {
      const d = new Date(Date.UTC(1920 + Math.floor(next() * 100), 0, 1) + Math.floor(next() * 365) * 86_400_000);
      const s = `${1 + Math.floor(next() * 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCMonth() + 1, 2)}${d.getUTCFullYear()}${pad(Math.floor(next() * 100_000), 5)}`;
      expect(isValidKgPersonalNumber(s), s).toBe(true);
    }
  });
});
