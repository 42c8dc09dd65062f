import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';
import { formatNumericDate, formatTime } from '@portal/contract/common/format';

const langOf = (lang: string): TLang => (isLang(lang) ? lang : DEFAULT_LANG);

/** Numbers as staff read them: 1 234,5 (the locale's grouping), weights to 3 decimals, money to 2. */
export function formatWeight(kg: number, lang: string): string {
  return kg.toLocaleString(lang, { maximumFractionDigits: 3 });
}

export function formatMoney(amount: number | null, currency: string | null, lang: string): string {
  if (amount === null) return '—';
  return `${amount.toLocaleString(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
}

/** 05.11.2026, 14:05 — from the contract's formatter, so Kazakh never depends on the browser's locale data. */
export function formatDateTime(iso: string | null, lang: string): string {
  if (!iso) return '—';
  return `${formatNumericDate(iso, langOf(lang))}, ${formatTime(iso, langOf(lang))}`;
}

/** A calendar day (YYYY-MM-DD) in digits: 05.11.2026. */
export function formatDate(isoDay: string | null, lang: string): string {
  if (!isoDay) return '—';
  return formatNumericDate(`${isoDay}T00:00:00Z`, langOf(lang), { timeZone: 'UTC' });
}
