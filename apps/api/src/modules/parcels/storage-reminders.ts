import { addDays, daysLeftToCollect, localDate, toMajor, zonedClock } from '@portal/contract';
import type { Db } from '../../db/client';
import { orderLink, orderParams, sendParcelNotices } from './parcel-notifications';
import { storageRemindersRepository } from './storage-reminders-repository';

/** The queue whose hourly schedule sends the day's storage reminders. */
export const STORAGE_REMINDER_QUEUE = 'storage-reminders';
/** pg-boss cron of that queue: every hour at :05 (each branch is reminded from its own local hour on). */
export const STORAGE_REMINDER_CRON = '5 * * * *';

export interface StorageReminderSettings {
  /** Days left to collect on which a reminder goes out (0 = the last free day). */
  days: number[];
  /** The branch's local hour from which the day's reminders go out (nobody gets an SMS at midnight). */
  hour: number;
}

/** The hour (0–23) of `now` in `timeZone` (UTC when the zone is unknown). */
export function localHour(now: Date, timeZone: string): number {
  return zonedClock(now, timeZone)?.hour ?? now.getUTCHours();
}

/**
 * Sends the storage reminders due at `now`: to each owner of a parcel waiting at a branch whose days left to
 * collect (in the branch's time zone, the contract's one free-storage rule) is one of `settings.days`, once
 * that branch's local time has reached `settings.hour`.
 *
 * Idempotent per parcel and day: the reminder row (primary key parcel + the branch's date) and the messages
 * are written in one transaction, and only rows this call inserted are sent. Two processes running the job at
 * the same time, or the job running every hour, send each reminder once. Returns how many were sent.
 */
export async function sendStorageReminders(db: Db, now: Date, settings: StorageReminderSettings): Promise<number> {
  if (!settings.days.length) return 0;
  // A window wide enough for every time zone (±1 day), narrowed per parcel below.
  const utcToday = now.toISOString().slice(0, 10);
  const from = addDays(utcToday, Math.min(...settings.days) - 1);
  const to = addDays(utcToday, Math.max(...settings.days) + 1);
  const candidates = await storageRemindersRepository.storageDue(db, from, to);
  const due = candidates.flatMap((o) => {
    if (!o.storageUntil || localHour(now, o.timeZone) < settings.hour) return [];
    const day = localDate(now, o.timeZone);
    const daysLeft = daysLeftToCollect(o.storageUntil, day);
    return settings.days.includes(daysLeft) ? [{ ...o, day, daysLeft }] : [];
  });
  if (!due.length) return 0;
  let sent = 0;
  // Batches keep each transaction short; each batch is all-or-nothing.
  for (let i = 0; i < due.length; i += 500) {
    const batch = due.slice(i, i + 500);
    sent += await db.transaction(async (tx) => {
      const ids = await storageRemindersRepository.insertReminders(
        tx,
        batch.map((o) => ({ orderId: o.id, day: o.day, daysLeft: o.daysLeft })),
      );
      const messages = batch
        .filter((o) => ids.has(o.id))
        .map((o) => ({
          userId: o.userId as number,
          event: 'storage_reminder' as const,
          // The fee that starts after the free days (major units, like the price): the reminder names it when set.
          params: {
            ...orderParams(o, o.branchName),
            days_left: o.daysLeft,
            ...(o.storageFeePerDay > 0 ? { storage_fee_per_day: toMajor(o.storageFeePerDay) } : {}),
          },
          link: orderLink(o.id),
        }));
      await sendParcelNotices(tx, messages);
      return messages.length;
    });
  }
  return sent;
}
