import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';

const LOCALES: Record<TLang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-GB' };

/** Currency signs as customers write them (Intl's narrow KGS sign is missing from many fonts). */
const CURRENCY_SIGNS: Record<string, Record<TLang, string>> = {
  KZT: { kk: '₸', ru: '₸', en: '₸' },
  KGS: { kk: 'сом', ru: 'сом', en: 'som' },
};

export function localeOf(lang: TLang): string {
  return LOCALES[lang];
}

export function formatNumber(value: number, lang: TLang, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 0, maximumFractionDigits: fractionDigits }).format(value);
}

/** 18 901,5 ₸ · 390 сом · 1,890 ₸ */
export function formatMoney(value: number, currency: string, lang: TLang): string {
  const sign = CURRENCY_SIGNS[currency]?.[lang] ?? currency;
  return `${formatNumber(value, lang, 2)} ${sign}`;
}

/** A date in words: 18 November 2026 / 18 ноября 2026 г. */
export function formatDate(iso: string, lang: TLang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** Splits a plain-text body into paragraphs (blank lines between them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The language i18next is showing (kk, ru or en; ru for anything else). */
export function currentLang(i18n: { language?: string }): TLang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
