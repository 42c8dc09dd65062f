import { formatDateTime, type TLang } from '@portal/contract';
import { notificationText } from './message-text';

const t = notificationText;

/** pickup_reminder (ADR 092): the booked slot's start in the branch's time zone and the branch's name (per language). */
export interface PickupReminderParams {
  booking_id: number;
  slot_start: string;
  time_zone: string;
  branch_name: Partial<Record<TLang, string>>;
}

export function pickupReminderText(p: PickupReminderParams, lang: TLang): { title: string; body: string } {
  const vars = {
    branch: p.branch_name[lang] ?? p.branch_name.ru ?? '',
    time: formatDateTime(p.slot_start, lang, { timeZone: p.time_zone, short: true }),
  };
  return { title: t('pickup_reminder_title', lang, vars), body: t('pickup_reminder_body', lang, vars) };
}
