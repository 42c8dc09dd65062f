import type { TLang } from './i18n';
import { dateTimeFormat, numberFormat } from './intl-formats';

/**
 * Dates, numbers, money and waits as people read them, the same in the web app and in the texts
 * sent to people (notifications, SMS), in kk, ru and en.
 *
 * None of it goes through the runtime's locale data: many browsers and small-ICU Node builds lack Kazakh and print
 * "2026 M11 5", and a page's first Intl formatter costs the browser 30–300 ms of loading that data (more than the
 * rest of a page's first render on a phone). Kazakh numbers follow the same conventions as Russian (space groups,
 * decimal comma), its dates are built from our own month names ("2026 ж. 5 қараша", the CLDR long form); Russian
 * and English are written here as ICU writes ru-RU and en-GB, which a test holds them to. Intl is asked only to move
 * a moment into a named time zone other than UTC (en-US data, which every runtime has).
 */

const LOCALES: Record<TLang, string> = { kk: 'ru-RU', ru: 'ru-RU', en: 'en-GB' };

const KK_MONTHS = [
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
] as const;
const KK_MONTHS_SHORT = ['қаң.', 'ақп.', 'нау.', 'сәу.', 'мам.', 'мау.', 'шіл.', 'там.', 'қыр.', 'қаз.', 'қар.', 'жел.'] as const;
/** Russian and English month names as ICU writes them for ru-RU and en-GB (a test holds them to Intl). */
const RU_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
const RU_MONTHS_SHORT = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'] as const;
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const EN_MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

function monthName(month: number, lang: TLang, short: boolean | undefined): string {
  const names =
    lang === 'kk'
      ? short
        ? KK_MONTHS_SHORT
        : KK_MONTHS
      : lang === 'ru'
        ? short
          ? RU_MONTHS_SHORT
          : RU_MONTHS
        : short
          ? EN_MONTHS_SHORT
          : EN_MONTHS;
  return names[month - 1] ?? '';
}

/** Currency signs as customers write them (Intl's narrow KGS sign is missing from many fonts). */
const CURRENCY_SIGNS: Record<string, Record<TLang, string>> = {
  KZT: { kk: '₸', ru: '₸', en: '₸' },
  KGS: { kk: 'сом', ru: 'сом', en: 'som' },
  UZS: { kk: 'сум', ru: 'сум', en: 'sum' },
  RUB: { kk: '₽', ru: '₽', en: '₽' },
  CNY: { kk: '¥', ru: '¥', en: '¥' },
  USD: { kk: '$', ru: '$', en: '$' },
};

/** The locale Intl is given for a language (Kazakh borrows Russian's number conventions). */
export function numberLocale(lang: TLang): string {
  return LOCALES[lang];
}

/** A non-negative decimal string rounded to `digits` places, half away from zero, trailing zeros dropped. */
function roundDecimal(abs: number, digits: number): { int: string; frac: string } | null {
  // The shortest decimal that reads back as the number, as ICU rounds it: 1.005 is "1.005", not 1.00499999….
  const text = String(abs);
  if (text.includes('e')) return abs < 1 ? { int: '0', frac: '' } : null;
  const [int = '0', frac = ''] = text.split('.');
  if (frac.length <= digits) return { int, frac: frac.replace(/0+$/, '') };
  let kept = BigInt(int + frac.slice(0, digits));
  if (frac.charCodeAt(digits) >= 53 /* '5' */) kept += 1n;
  const all = kept.toString().padStart(digits + 1, '0');
  return { int: all.slice(0, all.length - digits), frac: all.slice(all.length - digits).replace(/0+$/, '') };
}

/**
 * 8 316 · 1 250,5 (kk, ru) · 8,316 · 1,250.5 (en). Spaces are no-break, so a number never wraps. Written here as
 * ICU writes ru-RU and en-GB (a test holds it to Intl): a page's first Intl formatter costs the browser 30–300 ms
 * of loading locale data, more than the rest of the page's first render.
 */
export function formatNumber(value: number, lang: TLang, maxFractionDigits = 0): string {
  const rounded = Number.isFinite(value) ? roundDecimal(Math.abs(value), maxFractionDigits) : null;
  if (!rounded) return numberFormat(LOCALES[lang], { minimumFractionDigits: 0, maximumFractionDigits: maxFractionDigits }).format(value);
  const en = lang === 'en';
  const int = rounded.int.replace(/\B(?=(\d{3})+(?!\d))/g, en ? ',' : '\u00a0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${int}${rounded.frac ? (en ? '.' : ',') + rounded.frac : ''}`;
}

/**
 * 8 316 ₸ · 1 250,5 сом · 8,316 ₸ (amount in major units; up to two decimals, shown only when there are any). An
 * amount of no known currency is the number alone.
 */
export function formatMoney(amount: number, currency: string | null, lang: TLang): string {
  if (!currency) return formatNumber(amount, lang, 2);
  const sign = CURRENCY_SIGNS[currency]?.[lang] ?? currency;
  return `${formatNumber(amount, lang, 2)}\u00a0${sign}`;
}

/** 1,25 кг · 1.25 kg */
export function formatWeight(kg: number, lang: TLang): string {
  return `${formatNumber(kg, lang, 3)}\u00a0${lang === 'en' ? 'kg' : 'кг'}`;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The calendar parts of a moment in a named time zone; null when the runtime does not know the zone. */
function zonedParts(date: Date, timeZone: string): Parts | null {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC')
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    };
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = dateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      timeZone,
    });
  } catch {
    return null;
  }
  const parts = fmt.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

/**
 * The calendar parts of a moment in a time zone (the runtime's own when none is given, or when the zone is unknown).
 * The runtime's own zone and UTC come from Date's getters; only another named zone asks Intl (en-US data, which every
 * runtime has).
 */
function partsOf(date: Date, timeZone?: string): Parts {
  return (
    (timeZone !== undefined ? zonedParts(date, timeZone) : null) ?? {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    }
  );
}

/** Whether the runtime knows an IANA time zone name (Asia/Almaty, Asia/Bishkek …). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface ZonedClock extends Parts {
  /** 0 = Sunday … 6 = Saturday, as Date's getDay. */
  weekday: number;
}

/**
 * The calendar date, clock and weekday of a moment in a named time zone (a branch's), or null when the runtime does
 * not know the zone (the caller chooses what stands in for it: UTC, the device's own zone).
 */
export function zonedClock(now: Date, timeZone: string): ZonedClock | null {
  const p = zonedParts(now, timeZone);
  return p && { ...p, weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() };
}

/** The same in the runtime's own zone (the device's, in a browser). */
export function deviceClock(now: Date): ZonedClock {
  const p = partsOf(now);
  return { ...p, weekday: now.getDay() };
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface DateOptions {
  /** IANA zone to show the moment in (a branch's); the runtime's own when omitted. */
  timeZone?: string;
  /** Short month ("5 нояб. 2026 г.", "2026 ж. 5 қар.", "5 Nov 2026"). */
  short?: boolean;
}

/** A date: 5 November 2026 · 5 ноября 2026 г. · 2026 ж. 5 қараша. '' for an invalid input. */
export function formatDate(value: string | number | Date, lang: TLang, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, options.timeZone);
  const month = monthName(p.month, lang, options.short);
  if (lang === 'kk') return `${p.year}\u00a0ж. ${p.day}\u00a0${month}`;
  return lang === 'ru' ? `${p.day} ${month} ${p.year} г.` : `${p.day} ${month} ${p.year}`;
}

/**
 * Calendar days (YYYY-MM-DD) from–to, as formatDate writes them: one day is written once ("30 Nov 2026", never
 * "30 Nov 2026 – 30 Nov 2026").
 */
export function formatDayRange(fromDay: string, toDay: string, lang: TLang, options: Pick<DateOptions, 'short'> = {}): string {
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, lang, { ...options, timeZone: 'UTC' });
  return fromDay === toDay ? day(fromDay) : `${day(fromDay)} – ${day(toDay)}`;
}

/** A date without the year, for dates in the current year: 5 November · 5 ноября · 5 қараша. */
export function formatDayMonth(value: string | number | Date, lang: TLang, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, options.timeZone);
  return `${p.day}${lang === 'kk' ? '\u00a0' : ' '}${monthName(p.month, lang, options.short)}`;
}

/** 14:05 in every language (24-hour clock). */
export function formatTime(value: string | number | Date, _lang: TLang, options: Pick<DateOptions, 'timeZone'> = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, options.timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** A date in digits, as staff read them in tables: 05.11.2026 (kk, ru) · 05/11/2026 (en). No locale data needed. */
export function formatNumericDate(value: string | number | Date, lang: TLang, options: Pick<DateOptions, 'timeZone'> = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, options.timeZone);
  const sep = lang === 'en' ? '/' : '.';
  return `${pad(p.day)}${sep}${pad(p.month)}${sep}${p.year}`;
}

/** A moment: 5 Nov 2026, 14:05 · 5 нояб. 2026 г., 14:05 · 2026 ж. 5 қар., 14:05. */
export function formatDateTime(value: string | number | Date, lang: TLang, options: DateOptions = { short: true }): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, lang, options)}, ${formatTime(date, lang, options)}`;
}

type Unit = 'second' | 'minute' | 'hour' | 'day';
const RU_FORMS: Record<Unit, [string, string, string]> = {
  second: ['секунду', 'секунды', 'секунд'],
  minute: ['минуту', 'минуты', 'минут'],
  hour: ['час', 'часа', 'часов'],
  day: ['день', 'дня', 'дней'],
};
const KK_UNITS: Record<Unit, string> = { second: 'секунд', minute: 'минут', hour: 'сағат', day: 'күн' };
const EN_UNITS: Record<Unit, [string, string]> = {
  second: ['second', 'seconds'],
  minute: ['minute', 'minutes'],
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
};

function ruForm(n: number, forms: [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

/** A count with its unit: "3 дня", "1 day", "3 күн". */
export function formatCount(n: number, unit: Unit, lang: TLang): string {
  if (lang === 'ru') return `${n}\u00a0${ruForm(n, RU_FORMS[unit])}`;
  if (lang === 'kk') return `${n}\u00a0${KK_UNITS[unit]}`;
  return `${n}\u00a0${EN_UNITS[unit][n === 1 ? 0 : 1]}`;
}

/** The largest whole unit a wait reads in, rounded up (a customer waits at most what is said). */
function waitUnit(seconds: number): { n: number; unit: Unit } {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return { n: s, unit: 'second' };
  if (s < 3600) return { n: Math.ceil(s / 60), unit: 'minute' };
  if (s < 86400) return { n: Math.ceil(s / 3600), unit: 'hour' };
  return { n: Math.ceil(s / 86400), unit: 'day' };
}

const KK_AFTER: Record<Unit, string> = { second: 'секундтан', minute: 'минуттан', hour: 'сағаттан', day: 'күннен' };

/**
 * When something may be tried again, in words: "in 12 minutes" · "через 12 минут" · "12 минуттан кейін".
 * Fits the error texts "Try again {wait}", "Повторите {wait}", "{wait} қайталаңыз".
 */
export function formatWait(seconds: number, lang: TLang): string {
  const { n, unit } = waitUnit(seconds);
  if (lang === 'kk') return `${n}\u00a0${KK_AFTER[unit]} кейін`;
  if (lang === 'ru') return `через ${formatCount(n, unit, 'ru')}`;
  return `in ${formatCount(n, unit, 'en')}`;
}
