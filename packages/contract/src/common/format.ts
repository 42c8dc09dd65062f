import type { TLang } from './i18n';

/**
 * Dates, numbers, money and waits as people read them, the same in the web app and in the texts
 * sent to people (notifications, SMS), in kk, ru and en.
 *
 * Kazakh never goes through the runtime's locale data: many browsers and small-ICU Node builds lack
 * it and print "2026 M11 5". Kazakh numbers follow the same conventions as Russian (space groups,
 * decimal comma), and its dates are built here from our own month names ("2026 ж. 5 қараша", the
 * CLDR long form). Russian and English use Intl, which every supported runtime carries.
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

/** 8 316 · 1 250,5 (kk, ru) · 8,316 · 1,250.5 (en). Spaces are no-break, so a number never wraps. */
export function formatNumber(value: number, lang: TLang, maxFractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 0, maximumFractionDigits: maxFractionDigits }).format(value);
}

/** 8 316 ₸ · 1 250,5 сом · 8,316 ₸ (amount in major units; up to two decimals, shown only when there are any). */
export function formatMoney(amount: number, currency: string, lang: TLang): string {
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

/** The calendar parts of a moment in a time zone (the runtime's own when none is given), from en-US data every runtime has. */
function partsOf(date: Date, timeZone?: string): Parts {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  };
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    fmt = new Intl.DateTimeFormat('en-US', options);
  }
  const get = (type: string) => Number(fmt.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
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
  if (lang === 'kk') {
    const p = partsOf(date, options.timeZone);
    return `${p.year}\u00a0ж. ${p.day}\u00a0${(options.short ? KK_MONTHS_SHORT : KK_MONTHS)[p.month - 1]}`;
  }
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: 'numeric',
    month: options.short ? 'short' : 'long',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/** A date without the year, for dates in the current year: 5 November · 5 ноября · 5 қараша. */
export function formatDayMonth(value: string | number | Date, lang: TLang, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  if (lang === 'kk') {
    const p = partsOf(date, options.timeZone);
    return `${p.day}\u00a0${(options.short ? KK_MONTHS_SHORT : KK_MONTHS)[p.month - 1]}`;
  }
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: 'numeric',
    month: options.short ? 'short' : 'long',
    timeZone: options.timeZone,
  }).format(date);
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
