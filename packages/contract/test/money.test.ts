import { describe, expect, it } from 'vitest';
import { formatAmount, MAX_AMOUNT_MINOR, parseAmount, sumMinor, toMajor, toMajorOrNull, toMinor } from '../src/common/money';

describe('money in minor units', () => {
  it('parses typed amounts exactly', () => {
    expect(parseAmount('1250')).toBe(125000);
    expect(parseAmount('1 250,5')).toBe(125050);
    expect(parseAmount('1\u00a0250.05')).toBe(125005);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('0.')).toBe(0);
    expect(parseAmount('1000000000')).toBe(MAX_AMOUNT_MINOR);
  });
  it('refuses what is not a plain amount', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '1,2,3', '1000000000.01', '0x10', '.5', 'NaN', 'Infinity'])
      expect(parseAmount(bad), bad).toBeNull();
  });
  it('formats and converts without drift', () => {
    expect(formatAmount(125005)).toBe('1250.05');
    expect(formatAmount(-7)).toBe('-0.07');
    expect(formatAmount(0)).toBe('0.00');
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1890.1)).toBe(189010);
    expect(toMinor(-12.3)).toBe(-1230);
    expect(toMajor(189010)).toBe(1890.1);
    expect(toMajorOrNull(444174)).toBe(4441.74);
    expect(toMajorOrNull(null)).toBeNull();
    expect(sumMinor([10, 20, 30])).toBe(60);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
  it('round-trips every two-decimal amount of a random sample', () => {
    for (let i = 0; i < 10_000; i++) {
      const minor = Math.floor(Math.random() * MAX_AMOUNT_MINOR);
      expect(parseAmount(formatAmount(minor))).toBe(minor);
      expect(toMinor(toMajor(minor))).toBe(minor);
    }
  });
});
