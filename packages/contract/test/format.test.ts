import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatNumericDate,
  formatCount,
  formatDate,
  formatDayRange,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatNumber,
  formatTime,
  formatWait,
  formatWeight,
} from '../src/common/format';

const NB = '\u00a0';
const AT = '2026-11-05T09:30:00Z';
const TZ = 'Asia/Almaty';

describe('format', () => {
  it('Kazakh dates come from our own month names, never the runtime’s missing data ("2026 M11 5")', () => {
    expect(formatDate(AT, 'kk', { timeZone: TZ })).toBe(`2026${NB}ж. 5${NB}қараша`);
    expect(formatDate(AT, 'kk', { timeZone: TZ, short: true })).toBe(`2026${NB}ж. 5${NB}қар.`);
    expect(formatDayMonth(AT, 'kk', { timeZone: TZ })).toBe(`5${NB}қараша`);
    for (let month = 0; month < 12; month += 1) {
      expect(formatDate(new Date(Date.UTC(2026, month, 15, 6)), 'kk', { timeZone: TZ })).not.toMatch(/M\d|\d{4}-\d/);
    }
  });

  it('Russian and English dates, in the zone asked for', () => {
    expect(formatDate(AT, 'ru', { timeZone: TZ })).toBe('5 ноября 2026 г.');
    expect(formatDate(AT, 'en', { timeZone: TZ })).toBe('5 November 2026');
    expect(formatTime(AT, 'en', { timeZone: TZ })).toBe('14:30');
    expect(formatDateTime(AT, 'kk', { timeZone: TZ, short: true })).toBe(`2026${NB}ж. 5${NB}қар., 14:30`);
    expect(formatDate('2026-12-31T20:00:00Z', 'en', { timeZone: TZ })).toBe('1 January 2027');
    expect(formatDate('not a date', 'kk')).toBe('');
  });

  it('numbers and money read the same in UI and messages; they never wrap', () => {
    expect(formatNumber(8316, 'kk')).toBe(`8${NB}316`);
    expect(formatNumber(8316, 'ru')).toBe(`8${NB}316`);
    expect(formatNumber(8316, 'en')).toBe('8,316');
    expect(formatMoney(8316, 'KZT', 'kk')).toBe(`8${NB}316${NB}₸`);
    expect(formatMoney(1250.5, 'KGS', 'ru')).toBe(`1${NB}250,5${NB}сом`);
    expect(formatMoney(1250.5, 'KGS', 'en')).toBe(`1,250.5${NB}som`);
    expect(formatWeight(1.25, 'kk')).toBe(`1,25${NB}кг`);
    expect(formatWeight(1.25, 'en')).toBe(`1.25${NB}kg`);
  });

  it('waits in words, rounded up to the unit', () => {
    expect(formatWait(720, 'en')).toBe(`in 12${NB}minutes`);
    expect(formatWait(720, 'ru')).toBe(`через 12${NB}минут`);
    expect(formatWait(720, 'kk')).toBe(`12${NB}минуттан кейін`);
    expect(formatWait(42, 'ru')).toBe(`через 42${NB}секунды`);
    expect(formatWait(61, 'en')).toBe(`in 2${NB}minutes`);
    expect(formatWait(3599, 'ru')).toBe(`через 60${NB}минут`);
    expect(formatWait(3601, 'ru')).toBe(`через 2${NB}часа`);
    expect(formatWait(1, 'en')).toBe(`in 1${NB}second`);
    expect(formatWait(86400 * 3, 'kk')).toBe(`3${NB}күннен кейін`);
    expect(formatCount(21, 'day', 'ru')).toBe(`21${NB}день`);
    expect(formatCount(11, 'day', 'ru')).toBe(`11${NB}дней`);
  });

  it('dates in digits for staff tables, in the zone asked for, without locale data', () => {
    expect(formatNumericDate('2026-11-05T22:30:00Z', 'kk', { timeZone: 'Asia/Almaty' })).toBe('06.11.2026');
    expect(formatNumericDate('2026-11-05T22:30:00Z', 'ru', { timeZone: 'UTC' })).toBe('05.11.2026');
    expect(formatNumericDate('2026-01-09T00:00:00Z', 'en', { timeZone: 'UTC' })).toBe('09/01/2026');
    expect(formatNumericDate('not a date', 'ru')).toBe('');
  });

  describe("written without the runtime's locale data, exactly as ICU writes ru-RU and en-GB", () => {
    afterEach(() => vi.restoreAllMocks());
    const LOCALE = { ru: 'ru-RU', en: 'en-GB', kk: 'ru-RU' } as const;

    it('numbers: every rounding, grouping and sign as Intl.NumberFormat', () => {
      const values = [
        0,
        -0,
        0.5,
        1.5,
        2.5,
        -2.5,
        1.005,
        1.015,
        2.675,
        999.9995,
        999.5,
        1234,
        12345.678,
        1e6,
        123456789.987654,
        -0.001,
        1e-7,
        2 ** 53 + 2,
        1e20,
      ];
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1;
      for (let i = 0; i < 3000; i += 1) {
        const scale = 10 ** Math.floor(Math.abs(random()) * 9);
        const digits = Math.floor(Math.abs(random()) * 5);
        values.push(Math.round(random() * scale * 10 ** digits) / 10 ** digits, random() * scale);
      }
      for (const lang of ['kk', 'ru', 'en'] as const)
        for (const max of [0, 1, 2, 3]) {
          const intl = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 0, maximumFractionDigits: max });
          for (const value of values) expect(formatNumber(value, lang, max), `${value} ${lang} ${max}`).toBe(intl.format(value));
        }
    });

    it('dates: every month, long and short, in the device zone, UTC and a named zone, as Intl.DateTimeFormat', () => {
      for (const timeZone of [undefined, 'UTC', TZ])
        for (let month = 0; month < 12; month += 1)
          for (const day of [1, 9, 28]) {
            const at = new Date(Date.UTC(2026, month, day, 23, 40));
            for (const lang of ['ru', 'en'] as const)
              for (const short of [false, true]) {
                const named = { month: short ? 'short' : 'long', timeZone } as const;
                const full = new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', ...named, year: 'numeric' }).format(at);
                const dayMonth = new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', ...named }).format(at);
                expect(formatDate(at, lang, { timeZone, short }), `${at.toISOString()} ${lang} ${timeZone}`).toBe(full);
                expect(formatDayMonth(at, lang, { timeZone, short })).toBe(dayMonth);
              }
          }
    });

    it("makes no Intl formatter for numbers and for dates in the device zone or UTC (a page's first costs 30–300 ms)", () => {
      const dates = vi.spyOn(Intl, 'DateTimeFormat');
      const numbers = vi.spyOn(Intl, 'NumberFormat');
      for (const lang of ['kk', 'ru', 'en'] as const) {
        formatMoney(8316.5, 'KZT', lang);
        formatWeight(1.425, lang);
        formatDate(AT, lang);
        formatDate(AT, lang, { timeZone: 'UTC', short: true });
        formatDayMonth(AT, lang);
        formatDateTime(AT, lang);
      }
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    });
  });
});

describe('formatDayRange', () => {
  it('writes one day once and two days with a dash, in each language', () => {
    expect(formatDayRange('2026-11-30', '2026-11-30', 'en')).toBe('30 November 2026');
    expect(formatDayRange('2026-11-30', '2026-12-02', 'ru', { short: true })).toBe(
      `${formatDate('2026-11-30T12:00:00Z', 'ru', { short: true, timeZone: 'UTC' })} – ${formatDate('2026-12-02T12:00:00Z', 'ru', { short: true, timeZone: 'UTC' })}`,
    );
    expect(formatDayRange('2026-11-30', '2026-12-01', 'kk')).toBe(`2026${NB}ж. 30${NB}қараша – 2026${NB}ж. 1${NB}желтоқсан`);
  });
});
