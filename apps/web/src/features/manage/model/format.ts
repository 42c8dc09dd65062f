import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';
import { formatMoney as money, formatNumber, formatNumericDate, formatTime } from '@portal/contract/common/format';

// Staff screens read numbers, money and dates from the contract's one formatter (as the customer's pages and the
// notifications do: "8 316 ₸" everywhere), given i18next's language; these only add the dash for a missing value.

const langOf = (lang: string): TLang => (isLang(lang) ? lang : DEFAULT_LANG);

/** A count: 1 234 (kk, ru) · 1,234 (en). */
export function formatCount(n: number, lang: string): string {
  return formatNumber(n, langOf(lang));
}

/** A weight in kg, to 3 decimals, without the unit (the text around it names it): 1 234,5. */
export function formatWeight(kg: number, lang: string): string {
  return formatNumber(kg, langOf(lang), 3);
}

/** An amount in major units with its currency's sign: 8 316 ₸ · 1 250,5 сом; '—' for none. */
export function formatMoney(amount: number | null, currency: string | null, lang: string): string {
  if (amount === null) return '—';
  return money(amount, currency, langOf(lang));
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
