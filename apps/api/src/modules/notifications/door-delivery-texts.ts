import { formatMoney, pickText, type TDoorFailReason, type TI18nText, type TLang } from '@portal/contract';
import { text } from '../../texts/texts';
import { notificationText } from './message-text';
// Called only when a message is rendered, so the import cycle (notification-texts renders these) is harmless.
import { calendarDate, type ReceiptParams } from './notification-texts';

const t = notificationText;

/**
 * The door delivery's SMS (ADR 094), in the recipient's language: the courier is on the way, and the code to give
 * them at the door (the only place the code is ever written out).
 */
export function doorCodeSms(lang: TLang, p: { site: string; code: string; track_code: string; courier: string }): string {
  return text('sms.door_code', lang, p);
}

/** door_delivery_assigned / door_delivery_failed (ADR 094): the stop, its day (YYYY-MM-DD) or why the attempt failed. */
export interface DoorParams {
  door_delivery_id: number;
  order_id: number;
  track_code: string;
  branch: TI18nText | null;
  day?: string | null;
  reason?: TDoorFailReason;
}

export function doorText(event: 'door_delivery_assigned' | 'door_delivery_failed', p: DoorParams, lang: TLang) {
  const vars = {
    code: p.track_code,
    day: calendarDate(p.day ?? null, lang),
    branch: pickText(p.branch, lang),
    reason: t(`door_fail_reason.${p.reason ?? 'other'}`, lang),
  };
  return event === 'door_delivery_assigned'
    ? { title: t('door_assigned_title', lang), body: t('door_assigned_body', lang, vars) }
    : { title: t('door_failed_title', lang), body: t('door_failed_body', lang, vars) };
}

/** door_delivery_delivered: the hand-over's one message (its receipt's params) when the courier closed it at the door. */
export function doorDeliveredText(r: ReceiptParams, lang: TLang) {
  const vars = { code: r.codes.join(', '), total: formatMoney(r.total, r.currency, lang), id: r.receipt_id };
  return { title: t('door_delivered_title', lang), body: t('door_delivered_body', lang, vars) };
}
