import { useTranslation } from 'react-i18next';
import { addDays, daysLeftToCollect, deviceDate, storageFeeOn, toMajor, toMinor, type TOrder } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/content/format';
import { selectLang } from '../../../lib/preferences/lang-slice';

/** The order's title as cards and breadcrumbs show it: its item name, or its tracking code when unnamed. */
export const orderTitle = (order: Pick<TOrder, 'name' | 'track_code'>) => order.name.trim() || order.track_code;

/**
 * What the days figure counts: days in transit once the parcel left the China warehouse (or arrived),
 * days at the warehouse before that (it is not on its way yet).
 */
export const daysLabelKey = (order: Pick<TOrder, 'status'>) =>
  order.status.code === 'china_warehouse' ? 'orders:card.days_at_warehouse' : 'orders:card.days';

/** Days left to collect a parcel whose last free storage day is `storageUntil` (0 = today, negative = overdue). */
export const storageDaysLeft = (storageUntil: string, now = deviceDate()) => daysLeftToCollect(storageUntil, now);

/**
 * Paid storage as the countdown tells it (ADR 073, the contract's storageFeeOn on the device's day): nothing when
 * storage stays free; before the fee starts, the day it starts from; once it runs, what has accrued (major units).
 */
export function storageFeeNote(
  order: Pick<TOrder, 'storage_until' | 'storage_fee_per_day'>,
  today = deviceDate(),
): { kind: 'from'; from: string; perDay: number } | { kind: 'accrued'; amount: number; days: number; perDay: number } | null {
  if (!order.storage_until || order.storage_fee_per_day <= 0) return null;
  const accrued = storageFeeOn({ storageUntil: order.storage_until, storageFeePerDay: toMinor(order.storage_fee_per_day) }, today);
  if (accrued.days === 0) return { kind: 'from', from: addDays(order.storage_until, 1), perDay: order.storage_fee_per_day };
  return { kind: 'accrued', amount: toMajor(accrued.fee), days: accrued.days, perDay: order.storage_fee_per_day };
}

/** Formatting of weights, money, dates and days in the current language. */
export function useOrderFormat() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLang);
  return {
    lang,
    weight: (kg: number) => t('orders:kg', { value: formatNumber(kg, lang, 3) }),
    /** A weight's number alone (up to 3 decimals), for texts that add their own unit. */
    kg: (kg: number) => formatNumber(kg, lang, 3),
    number: (value: number) => formatNumber(value, lang, 1),
    money: (value: number, currency: string | null) => formatMoney(value, currency ?? '', lang),
    date: (iso: string) => formatDate(iso, lang),
    /** 18 Nov, 14:05 */
    dateTime: (iso: string) => formatDateTime(iso, lang),
    /** A plain YYYY-MM-DD (a day in the branch's time zone) in words, without shifting it by the browser's zone. */
    day: (ymd: string) => formatDate(`${ymd}T12:00:00Z`, lang, { timeZone: 'UTC' }),
    days: (count: number) => t('orders:days', { count }),
    /** "3 days left to collect", "Today is the last free day", "Free storage ended 2 days ago". */
    storageLeft: (storageUntil: string) => {
      const left = storageDaysLeft(storageUntil);
      if (left > 0) return t('orders:card.storage_left', { count: left });
      if (left === 0) return t('orders:card.storage_last_day');
      return t('orders:card.storage_overdue', { count: -left });
    },
  };
}
