import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';

// Dates, numbers and money come from the contract's one formatter, shared with the texts the API sends
// (its own Kazakh month names: the browser may lack Kazakh locale data).
export {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDayRange,
  formatMoney,
  formatNumber,
  formatTime,
  formatWait,
  formatWeight,
} from '@portal/contract/common/format';

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
