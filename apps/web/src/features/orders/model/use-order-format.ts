import { useTranslation } from 'react-i18next';
import type { TOrder } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/content/format';
import { selectLang } from '../../../lib/preferences/lang-slice';

/** The order's title as cards and breadcrumbs show it: its item name, or its tracking code when unnamed. */
export const orderTitle = (order: Pick<TOrder, 'name' | 'track_code'>) => order.name.trim() || order.track_code;

/** Formatting of weights, money, dates and days in the current language. */
export function useOrderFormat() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLang);
  return {
    lang,
    weight: (kg: number) => t('orders:kg', { value: formatNumber(kg, lang, 3) }),
    money: (value: number, currency: string | null) => formatMoney(value, currency ?? '', lang),
    date: (iso: string) => formatDate(iso, lang),
    /** 18 Nov, 14:05 */
    dateTime: (iso: string) => formatDateTime(iso, lang),
    /** A plain YYYY-MM-DD (a day in the branch's time zone) in words, without shifting it by the browser's zone. */
    day: (ymd: string) => formatDate(`${ymd}T12:00:00Z`, lang, { timeZone: 'UTC' }),
    days: (count: number) => t('orders:days', { count }),
  };
}
