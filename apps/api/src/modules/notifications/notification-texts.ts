import {
  formatDate,
  formatMoney,
  formatNumber,
  formatWeight,
  NOTIFICATION_EVENT_DEFS,
  pickText,
  toMajor,
  type TI18nText,
  type TLang,
  type TNotificationEvent,
  type TNotificationType,
  type TOrderStatusCode,
  type TPaymentMethod,
} from '@portal/contract';
import { correctionText, type CorrectionParams } from './correction-texts';
import { weightText, type WeightParams } from './weight-texts';
import { pickupReminderText, type PickupReminderParams } from './pickup-texts';
import { doorDeliveredText, doorText, type DoorParams } from './door-delivery-texts';
import { customsNeededText, customsText, type CustomsNeededParams, type CustomsParams } from './customs-texts';
import { claimText, type ClaimParams } from './claim-texts';
import { notificationText, parcelLabel } from './message-text';

export { correctionSentence, type CorrectionParams } from './correction-texts';
export { customsReasonText, type CustomsNeededParams, type CustomsParams } from './customs-texts';
export type { ClaimParams } from './claim-texts';

/** Events a message can be about: the preference events, plus 'system' (account notices nobody opts out of). */
export type MessageEvent = TNotificationEvent | 'system';

/** A parcel as a status message names it (kept in the notification's params). */
export interface OrderParams {
  order_id: number;
  track_code: string;
  name: string;
  weight: number;
  price: number | null;
  currency: string | null;
  storage_until: string | null;
  branch: TI18nText | null;
  /** storage_reminder: days left on the day it was sent (0 = last free day). */
  days_left?: number;
  /** storage_reminder: the fee per day after the free days, major units of `currency` (absent: free storage). */
  storage_fee_per_day?: number;
  /** order_at_branch of a re-addressed parcel: the branch it was going to (the pickup branch changed). */
  redirected_from?: TI18nText | null;
  /** order_at_branch at a branch taking money online (ADR 077): SMS and Telegram carry a link to pay (pay-link.ts). */
  pay_branch_id?: number;
}

/** A hand-over (order_delivered with a receipt). */
export interface ReceiptParams {
  receipt_id: number;
  count: number;
  codes: string[];
  total: number;
  currency: string | null;
  /** The method of the largest payment; null when nothing was paid at the counter. */
  method: TPaymentMethod | null;
  branch: TI18nText | null;
  /** Minor units (payments module): what was paid and what is left owed of this hand-over (absent on older rows). */
  paid?: number;
  remaining?: number;
}

/** flight_delayed: a flight's expected arrival at the customer's branch moved (one message per customer and flight). */
export interface FlightDelayParams {
  flight_id: number;
  reference: string;
  mode: 'truck' | 'rail' | 'air';
  branch: TI18nText | null;
  /** YYYY-MM-DD, the date announced before and the new one. */
  previous_date: string | null;
  expected_date: string;
  /** The customer's parcels on this flight for that branch (their codes, at most 10 listed). */
  count: number;
  codes: string[];
}

/** order_checking: several customers saved this code (checking), or the check gave it to someone else (not_yours). */
export interface CheckingParams {
  checking: 'checking' | 'not_yours';
  track_code: string;
}

/** One parcel of a batch message: its chargeable weight (kg) and price (major units, null before arrival). */
export interface BatchItem {
  order_id: number;
  track_code: string;
  weight: number;
  price: number | null;
}

/**
 * order_dispatched / order_at_branch for several parcels of one customer moved by one request: one message listing
 * them (code, chargeable weight, price each) and the total to pay, instead of one message per parcel.
 */
export interface BatchParams {
  batch: BatchItem[];
  /** How many parcels moved (the list keeps at most BATCH_LINES of them). */
  count: number;
  /** Major units, the sum of the priced parcels; null when none is priced yet. */
  total: number | null;
  currency: string | null;
  branch: TI18nText | null;
  storage_until: string | null;
  /** Major units a day of storage costs after storage_until (absent = free). */
  storage_fee_per_day?: number;
  /** As OrderParams.pay_branch_id: the arrival at a branch taking money online carries a link to pay. */
  pay_branch_id?: number;
}

/** Parcels a batch message lists one by one (an SMS grows with each). */
export const BATCH_LINES = 10;

/** A written message (news, support replies, broadcasts, system notices) in every language. */
export interface TextParams {
  title: TI18nText;
  body: TI18nText;
}

export type MessageParams =
  | OrderParams
  | BatchParams
  | ReceiptParams
  | TextParams
  | FlightDelayParams
  | CorrectionParams
  | CheckingParams
  | CustomsNeededParams
  | CustomsParams
  | WeightParams
  | PickupReminderParams
  | DoorParams
  | ClaimParams;

/** The group (tab) of the portal's list each event is shown under: from the contract's event list. */
export const GROUP_OF_EVENT: Record<MessageEvent, TNotificationType> = {
  ...(Object.fromEntries(Object.entries(NOTIFICATION_EVENT_DEFS).map(([e, d]) => [e, d.group])) as Record<
    TNotificationEvent,
    TNotificationType
  >),
  system: 'system',
};

export interface RenderedMessage {
  title: string;
  body: string;
}

const t = notificationText;

const num = (n: number, lang: TLang) => formatNumber(n, lang, 3);
/** The same "8 316 ₸" in a message's sentence and in its details; '' when there is no amount. */
const money = (amount: number | null, currency: string | null, lang: TLang) => (amount === null ? '' : formatMoney(amount, currency, lang));
const label = parcelLabel;

function receiptText(r: ReceiptParams, lang: TLang): RenderedMessage {
  const owes = (r.remaining ?? 0) > 0;
  return {
    title: t('receipt_title', lang),
    body: t(owes ? 'receipt_body_debt' : 'receipt_body', lang, {
      count: r.count,
      branch: pickText(r.branch, lang),
      codes: r.codes.join(', '),
      total: money(r.total, r.currency, lang),
      paid: money(toMajor(r.paid ?? 0), r.currency, lang),
      remaining: money(toMajor(r.remaining ?? 0), r.currency, lang),
      method: r.method ? t(`pay.${r.method}`, lang) : '—',
      id: r.receipt_id,
    }),
  };
}

/** A YYYY-MM-DD day in the reader's words ("9 декабря 2026 г."). */
export const calendarDate = (date: string | null, lang: TLang) => (date ? formatDate(`${date}T00:00:00Z`, lang, { timeZone: 'UTC' }) : '—');

function flightText(f: FlightDelayParams, lang: TLang): RenderedMessage {
  const vars = {
    count: f.count,
    codes: f.codes.join(', ') + (f.count > f.codes.length ? ' …' : ''),
    mode: t(`mode.${f.mode}`, lang),
    reference: f.reference,
    branch: pickText(f.branch, lang),
    date: calendarDate(f.expected_date, lang),
    previous: calendarDate(f.previous_date, lang),
  };
  return { title: t('delay_title', lang), body: t(f.count === 1 ? 'delay_body_one' : 'delay_body', lang, vars) };
}

function checkingText(c: CheckingParams, lang: TLang): RenderedMessage {
  const vars = { code: c.track_code };
  return c.checking === 'checking'
    ? { title: t('checking_title', lang), body: t('checking_body', lang, vars) }
    : { title: t('not_yours_title', lang), body: t('not_yours_body', lang, vars) };
}

const isText = (p: MessageParams): p is TextParams => 'title' in p && typeof p.title === 'object' && p.title !== null;
const isReceipt = (p: MessageParams): p is ReceiptParams => 'receipt_id' in p;
const isBatch = (p: MessageParams): p is BatchParams => 'batch' in p && Array.isArray(p.batch);

function batchLine(b: BatchParams, item: BatchItem, lang: TLang): string {
  const vars = { code: item.track_code, weight: formatWeight(item.weight, lang), price: money(item.price, b.currency, lang) };
  return t(item.price === null ? 'batch_line_unpriced' : 'batch_line', lang, vars);
}

/** One message for several parcels: each with its chargeable weight and price, then the total (and free storage). */
function batchText(event: MessageEvent, b: BatchParams, lang: TLang): RenderedMessage {
  const lines = b.batch.map((item) => batchLine(b, item, lang)).join('; ') + (b.count > b.batch.length ? '; …' : '');
  const branch = pickText(b.branch, lang);
  const vars = {
    count: b.count,
    branch,
    lines,
    total: money(b.total, b.currency, lang) || '—',
    until: calendarDate(b.storage_until, lang),
    fee: money(b.storage_fee_per_day ?? null, b.currency, lang),
  };
  if (event === 'order_dispatched')
    return {
      title: t('dispatched_batch_title', lang, vars),
      body: t(branch ? 'dispatched_batch_body_branch' : 'dispatched_batch_body', lang, vars),
    };
  return {
    title: t('at_branch_batch_title', lang, vars),
    body:
      t('at_branch_batch_body', lang, vars) +
      (b.storage_until ? t('free_until', lang, vars) + (b.storage_fee_per_day ? t('reminder_fee', lang, vars) : '') : ''),
  };
}

function orderVars(o: OrderParams, lang: TLang) {
  return {
    label: label(o),
    weight: num(o.weight, lang),
    branch: pickText(o.branch, lang),
    price: money(o.price, o.currency, lang),
    until: calendarDate(o.storage_until, lang),
    days: o.days_left ?? 0,
    fee: money(o.storage_fee_per_day ?? null, o.currency, lang),
    from: pickText(o.redirected_from ?? null, lang),
  };
}

/** A parcel event's texts: title and body from the parcel's params. */
const parcelText =
  (render: (t: (key: Parameters<typeof notificationText>[0]) => string, o: OrderParams, branch: string) => RenderedMessage) =>
  (params: MessageParams, lang: TLang): RenderedMessage => {
    const o = params as OrderParams;
    const vars = orderVars(o, lang);
    return render((key) => t(key, lang, vars), o, vars.branch);
  };

/** A written message (support reply, news, broadcast, system notice): its own text in the reader's language. */
const writtenText = (params: MessageParams, lang: TLang): RenderedMessage => {
  const p = params as TextParams;
  return { title: pickText(p.title, lang), body: pickText(p.body, lang) };
};

/**
 * Every event's words. The type requires an entry for each event of the contract's list
 * (`NOTIFICATION_EVENT_DEFS`), so a new event cannot be sent without its texts.
 */
const EVENT_TEXTS: Record<MessageEvent, (params: MessageParams, lang: TLang) => RenderedMessage> = {
  order_received: parcelText((t) => ({ title: t('received_title'), body: t('received_body') })),
  order_dispatched: parcelText((t, _o, branch) => ({
    title: t('dispatched_title'),
    body: branch ? t('dispatched_body_branch') : t('dispatched_body'),
  })),
  order_at_branch: parcelText((t, o) => ({
    title: o.redirected_from ? t('readdressed_title') : t('at_branch_title'),
    body:
      t('at_branch_body') +
      (o.redirected_from ? t('readdressed_note') : '') +
      (o.storage_until ? t('free_until') + (o.storage_fee_per_day ? t('reminder_fee') : '') : ''),
  })),
  storage_reminder: parcelText((t, o) => ({
    title: t('reminder_title'),
    body: ((o.days_left ?? 0) <= 0 ? t('reminder_body_last') : t('reminder_body')) + (o.storage_fee_per_day ? t('reminder_fee') : ''),
  })),
  order_delivered: parcelText((t, _o, branch) => ({
    title: t('delivered_title'),
    body: branch ? t('delivered_body_branch') : t('delivered_body'),
  })),
  flight_delayed: (p, lang) => flightText(p as FlightDelayParams, lang),
  order_corrected: (p, lang) => correctionText(p as CorrectionParams, lang),
  order_checking: (p, lang) => checkingText(p as CheckingParams, lang),
  customs_id_needed: (p, lang) => customsNeededText(p as CustomsNeededParams, lang),
  parcel_customs_held: (p, lang) => customsText('parcel_customs_held', p as CustomsParams, lang),
  parcel_customs_released: (p, lang) => customsText('parcel_customs_released', p as CustomsParams, lang),
  weight_check_needed: (p, lang) => weightText(p as WeightParams, lang),
  weight_lighter: (p, lang) => weightText(p as WeightParams, lang),
  pickup_reminder: (p, lang) => pickupReminderText(p as PickupReminderParams, lang),
  door_delivery_assigned: (p, lang) => doorText('door_delivery_assigned', p as DoorParams, lang),
  door_delivery_delivered: (p, lang) => doorDeliveredText(p as ReceiptParams, lang),
  door_delivery_failed: (p, lang) => doorText('door_delivery_failed', p as DoorParams, lang),
  claim_opened: (p, lang) => claimText('claim_opened', p as ClaimParams, lang),
  claim_message: (p, lang) => claimText('claim_message', p as ClaimParams, lang),
  claim_decided: (p, lang) => claimText('claim_decided', p as ClaimParams, lang),
  claim_paid: (p, lang) => claimText('claim_paid', p as ClaimParams, lang),
  support_reply: writtenText,
  news: writtenText,
  system: writtenText,
};

/** The title and body of a message in `lang`: the one place where stored events become words. */
export function renderMessage(event: MessageEvent, params: MessageParams, lang: TLang): RenderedMessage {
  if (isText(params)) return writtenText(params, lang);
  if (isReceipt(params)) return event === 'door_delivery_delivered' ? doorDeliveredText(params, lang) : receiptText(params, lang);
  if (isBatch(params)) return batchText(event, params, lang);
  return (EVENT_TEXTS[event] ?? EVENT_TEXTS.order_delivered)(params, lang);
}

/** The status a parcel event reports. */
const EVENT_STATUS: Partial<Record<MessageEvent, TOrderStatusCode>> = {
  order_received: 'china_warehouse',
  order_dispatched: 'in_transit',
  order_at_branch: 'at_branch',
  storage_reminder: 'at_branch',
  order_delivered: 'delivered',
};

export interface MessageDetail {
  label: string;
  value: string;
}

/**
 * The facts of a parcel message as label/value lines (parcel, status, weight, price, branch, free storage), for
 * channels that show more than one sentence (Telegram). Empty for other messages.
 */
export function renderDetails(event: MessageEvent, params: MessageParams, lang: TLang): MessageDetail[] {
  const status = EVENT_STATUS[event];
  if (!status || isText(params) || isReceipt(params)) return [];
  if (isBatch(params)) return batchDetails(status, params, lang);
  const o = params as OrderParams;
  const lines: MessageDetail[] = [
    { label: t('details.parcel', lang), value: label(o) },
    { label: t('details.status', lang), value: t(`status.${status}`, lang) },
    { label: t('details.weight', lang), value: formatWeight(o.weight, lang) },
  ];
  if (o.price !== null) lines.push({ label: t('details.price', lang), value: money(o.price, o.currency, lang) });
  const branch = pickText(o.branch, lang);
  if (branch) lines.push({ label: t('details.branch', lang), value: branch });
  if (status === 'at_branch' && o.storage_until)
    lines.push({ label: t('details.until', lang), value: calendarDate(o.storage_until, lang) });
  return lines;
}

/** A batch's facts: one line per parcel (code: weight, price), then the status, the total, the branch, free storage. */
function batchDetails(status: TOrderStatusCode, b: BatchParams, lang: TLang): MessageDetail[] {
  const lines: MessageDetail[] = b.batch.map((item) => ({
    label: item.track_code,
    value: [formatWeight(item.weight, lang), money(item.price, b.currency, lang)].filter(Boolean).join(', '),
  }));
  lines.push({ label: t('details.status', lang), value: t(`status.${status}`, lang) });
  if (b.total !== null) lines.push({ label: t('details.price', lang), value: money(b.total, b.currency, lang) });
  const branch = pickText(b.branch, lang);
  if (branch) lines.push({ label: t('details.branch', lang), value: branch });
  if (status === 'at_branch' && b.storage_until)
    lines.push({ label: t('details.until', lang), value: calendarDate(b.storage_until, lang) });
  return lines;
}

/** The label of a message's button to its page in the portal. */
export const openInPortalLabel = (lang: TLang): string => t('open_portal', lang);
