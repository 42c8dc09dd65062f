import { z } from 'zod';
import { ZData } from '../common/envelope';
import { NOTIFICATION_EVENTS, ZNotificationEvent, type TNotificationEvent } from './notification';

/** Channels a notification goes out on besides the portal (which always shows it). */
export const DELIVERY_CHANNELS = ['sms', 'telegram', 'push'] as const;
export const ZDeliveryChannel = z.enum(DELIVERY_CHANNELS);
export type TDeliveryChannel = z.infer<typeof ZDeliveryChannel>;

/**
 * Defaults: Telegram and push (free, and the customer chose to link them) carry every parcel event;
 * SMS (paid, and a number everyone has) only what needs action: the parcel waits at the branch, storage ends.
 * News goes to the portal and push only.
 */
export const DEFAULT_PREFERENCES: Record<TNotificationEvent, Record<TDeliveryChannel, boolean>> = {
  order_received: { sms: false, telegram: true, push: true },
  order_dispatched: { sms: false, telegram: true, push: true },
  order_at_branch: { sms: true, telegram: true, push: true },
  storage_reminder: { sms: true, telegram: true, push: true },
  order_delivered: { sms: false, telegram: true, push: true },
  support_reply: { sms: false, telegram: true, push: true },
  news: { sms: false, telegram: false, push: true },
};

/** A channel's state as the profile shows it. */
export const ZChannelState = z.object({
  channel: ZDeliveryChannel,
  /** linked: ready; not_linked: Telegram not linked / no push subscription; unreachable: repeated failures. */
  status: z.enum(['linked', 'not_linked', 'unreachable']),
  unreachable_since: z.string().nullable(),
});
export type TChannelState = z.infer<typeof ZChannelState>;

export const ZNotificationSettings = z.object({
  channels: z.array(ZChannelState),
  preferences: z.array(z.object({ event: ZNotificationEvent, channel: ZDeliveryChannel, enabled: z.boolean() })),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** GET notifications/settings */
export const ZGetNotificationSettingsResponse = ZData(ZNotificationSettings);

/** PUT notifications/preferences: any subset of event × channel switches. */
export const ZUpdatePreferencesRequest = z.strictObject({
  preferences: z
    .array(z.strictObject({ event: ZNotificationEvent, channel: ZDeliveryChannel, enabled: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_EVENTS.length * DELIVERY_CHANNELS.length),
});
export type TUpdatePreferencesRequest = z.infer<typeof ZUpdatePreferencesRequest>;

/** POST notifications/channels/:channel/reset */
export const ZChannelParams = z.strictObject({ channel: ZDeliveryChannel });
