/**
 * Storage at a branch: the one rule for "N days left to collect" and for the fee of the days after them, used by the
 * API (arrival, reminders, overdue lists, "to pay", the hand-over and its receipt) and the web app (countdowns).
 * Calendar dates are YYYY-MM-DD in the branch's time zone.
 */

import { zonedClock } from '../common/format';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) of `now` in `timeZone` (UTC when the zone is unknown). */
export function localDate(now: Date, timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return now.toISOString().slice(0, 10);
  const clock = zonedClock(now, timeZone);
  return clock ? `${clock.year}-${pad2(clock.month)}-${pad2(clock.day)}` : now.toISOString().slice(0, 10);
}

/**
 * Today (YYYY-MM-DD) where the device is: the customer's countdowns (branches and customers share the country's
 * clock). From Date's getters, without Intl: a page's first Intl formatter costs the browser 30–300 ms.
 */
export function deviceDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last free storage day of a parcel that arrives `now` at a branch keeping parcels `storageDays` days. */
export function storageUntilFor(now: Date, timeZone: string, storageDays: number): string {
  return addDays(localDate(now, timeZone), storageDays);
}

/** Days left to collect before the last free day ends: 0 on the last free day, negative when overdue. */
export function daysLeftToCollect(storageUntil: string, today: string): number {
  return Math.round((Date.parse(`${storageUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A parcel's storage as the fee rule reads it: its last free day and the fee per day after it (minor units, 0 = free). */
export interface TStorageTerms {
  storageUntil: string | null;
  storageFeePerDay: number;
}

/** Paid storage days and the fee they add up to (minor units). */
export interface TAccruedStorage {
  days: number;
  fee: number;
}

/**
 * THE storage fee rule (ADR 073): on `today` (YYYY-MM-DD where the branch is), every day after the last free day is
 * a paid day, the day of collection included: collected on the day after the last free one, one day is owed. Nothing
 * is owed before arrival (no last free day) or when the fee is 0.
 */
export function storageFeeOn(parcel: TStorageTerms, today: string): TAccruedStorage {
  if (!parcel.storageUntil) return { days: 0, fee: 0 };
  const days = Math.max(0, -daysLeftToCollect(parcel.storageUntil, today));
  return { days, fee: parcel.storageFeePerDay > 0 ? days * parcel.storageFeePerDay : 0 };
}

/** The storage accrued by a parcel at the moment `at`, days counted in its branch's time zone. */
export function accruedStorage(parcel: TStorageTerms, timeZone: string, at: Date): TAccruedStorage {
  return storageFeeOn(parcel, localDate(at, timeZone));
}

/** The waiting card offers to keep parcels longer from this many days before their last free day (ADR 093). */
export const STORAGE_EXTENSION_OFFER_DAYS = 3;

/** A branch's longest extension by default: the chosen last day at most this many days after today (ADR 093). */
export const STORAGE_EXTENSION_MAX_DAYS_DEFAULT = 30;

/**
 * Keeping a parcel longer (ADR 093), by THE rule above: extending to `until` pays every day from the day after the last
 * free one to `until` (days already accrued when overdue included), i.e. exactly the storage a collection on `until`
 * would owe; after it `until` is the last free day. Free storage (fee 0) extends for nothing.
 */
export function storageExtensionFee(parcel: TStorageTerms, until: string): TAccruedStorage {
  return storageFeeOn(parcel, until);
}

/** Why an extension to `until` cannot be asked (null: it can): not after the current last free day, before today, or beyond the branch's maximum. */
export function storageExtensionRefusal(
  parcel: { storageUntil: string | null },
  until: string,
  today: string,
  maxDays: number,
): 'not_later' | 'in_past' | 'beyond_max' | null {
  if (!parcel.storageUntil || until <= parcel.storageUntil) return 'not_later';
  if (until < today) return 'in_past';
  if (until > addDays(today, maxDays)) return 'beyond_max';
  return null;
}
