import { z } from 'zod';
import type { TNotificationType } from './notification';

/** Channels a message goes out on besides the portal (each has a driver and a delivery log row). */
export const DELIVERY_CHANNELS = ['sms', 'telegram', 'push'] as const;
export const ZDeliveryChannel = z.enum(DELIVERY_CHANNELS);
export type TDeliveryChannel = z.infer<typeof ZDeliveryChannel>;

/** The columns of the preferences: the portal's own list and badge, then the delivery channels. */
export const PREFERENCE_CHANNELS = ['portal', ...DELIVERY_CHANNELS] as const;
export const ZPreferenceChannel = z.enum(PREFERENCE_CHANNELS);
export type TPreferenceChannel = z.infer<typeof ZPreferenceChannel>;

export interface NotificationEventDef {
  /** The group (tab) of the portal's notification list it is shown under. */
  group: TNotificationType;
  /** Whether each channel carries it until the customer chooses otherwise. */
  defaults: Record<TPreferenceChannel, boolean>;
}

const on = (...channels: TPreferenceChannel[]): Record<TPreferenceChannel, boolean> =>
  Object.fromEntries(PREFERENCE_CHANNELS.map((c) => [c, channels.includes(c)])) as Record<TPreferenceChannel, boolean>;

/**
 * EVERY event a customer can be told about, in one place: the rows of the preferences (event × channel),
 * the group it is listed under, and its defaults.
 *
 * Defaults: the portal shows everything; Telegram and push (free, and linked by the customer's own choice)
 * carry every parcel event; SMS (paid, and a number everyone has) only what needs action: the parcel waits at
 * the branch, storage ends. News goes to the portal and push only.
 *
 * Adding an event: one entry here; its words in the API's `texts/{kk,ru,en}.json` and its rendering in
 * `notification-texts.ts` (whose type requires one);
 * its label `settings.event.<event>` in the web app's notifications texts (a web test requires it in kk/ru/en).
 */
export const NOTIFICATION_EVENT_DEFS = {
  order_received: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  order_dispatched: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  order_at_branch: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  storage_reminder: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  order_delivered: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  flight_delayed: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  order_corrected: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  order_checking: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  customs_id_needed: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  // Customs (issue 36): held with the reason, then released. SMS too for the hold: the customer may need to act.
  parcel_customs_held: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  parcel_customs_released: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  // Branch weighing (ADR 089): heavier needs the customer's decision before paying (SMS too); lighter is good news.
  weight_check_needed: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  weight_lighter: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  // Pickup slots (ADR 092): once, an hour before the booked slot.
  pickup_reminder: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  // Door delivery (ADR 094): scheduled with the day, delivered with the receipt (instead of order_delivered), a failed
  // attempt with its reason (SMS too: the parcel waits at the branch and the customer must act).
  door_delivery_assigned: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  door_delivery_delivered: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  door_delivery_failed: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  claim_opened: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  // Staff ask the customer for more on their claim: the answer starts the decision's clock, so it must reach them.
  claim_message: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  claim_decided: { group: 'orders', defaults: on('portal', 'sms', 'telegram', 'push') },
  claim_paid: { group: 'orders', defaults: on('portal', 'telegram', 'push') },
  support_reply: { group: 'system', defaults: on('portal', 'telegram', 'push') },
  news: { group: 'news', defaults: on('portal', 'push') },
} as const satisfies Record<string, NotificationEventDef>;

/**
 * What a notification is about. A notification stores its event and the event's parameters, never its
 * text: the text is rendered in the recipient's current language each time it is shown or sent.
 */
export type TNotificationEvent = keyof typeof NOTIFICATION_EVENT_DEFS;
export const NOTIFICATION_EVENTS = Object.keys(NOTIFICATION_EVENT_DEFS) as [TNotificationEvent, ...TNotificationEvent[]];
export const ZNotificationEvent = z.enum(NOTIFICATION_EVENTS);

/** Whether `channel` carries `event` for someone who never chose. */
export const defaultPreference = (event: TNotificationEvent, channel: TPreferenceChannel): boolean =>
  NOTIFICATION_EVENT_DEFS[event].defaults[channel];
