import { describe, expect, it } from 'vitest';
import { dammDigit, dammValid, formatBagNumber, formatBoxCode, formatParcelNumber, parseNumber } from '../src/parcels/parcel-number';

describe('parcel numbers (Damm check digit)', () => {
  it('matches the published Damm examples', () => {
    expect(dammDigit('572')).toBe(4); // Wikipedia's worked example: 572 → 5724
    expect(dammValid('5724')).toBe(true);
    expect(dammValid('5274')).toBe(false);
  });

  it('formats and parses parcel, box and bag numbers', () => {
    expect(formatParcelNumber(1234)).toBe(`P000001234${dammDigit('000001234')}`);
    expect(parseNumber(formatParcelNumber(1234))).toEqual({ kind: 'parcel', id: 1234, box: null });
    expect(parseNumber(formatBoxCode(1234, 3))).toEqual({ kind: 'parcel', id: 1234, box: 3 });
    expect(parseNumber(formatBagNumber(77))).toEqual({ kind: 'bag', id: 77, box: null });
    expect(parseNumber('YT1234567890123')).toBeNull();
    expect(parseNumber('P123')).toBeNull();
    expect(() => formatParcelNumber(0)).toThrow(RangeError);
  });

  it('catches every single-digit error and every adjacent swap', () => {
    for (const id of [1, 9, 1234, 98765, 500000, 123456789, 987654321]) {
      const number = formatParcelNumber(id);
      const digits = number.slice(1);
      for (let i = 0; i < digits.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === digits[i]) continue;
          const typo = `P${digits.slice(0, i)}${d}${digits.slice(i + 1)}`;
          expect(parseNumber(typo), typo).toEqual({ kind: 'parcel', invalid: true });
        }
        if (i + 1 < digits.length && digits[i] !== digits[i + 1]) {
          const swapped = `P${digits.slice(0, i)}${digits[i + 1]}${digits[i]}${digits.slice(i + 2)}`;
          expect(parseNumber(swapped), swapped).toEqual({ kind: 'parcel', invalid: true });
        }
      }
    }
  });
});
