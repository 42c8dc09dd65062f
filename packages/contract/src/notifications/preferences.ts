import { z } from 'zod';
import { ZData } from '../common/envelope';
import { NOTIFICATION_EVENTS, PREFERENCE_CHANNELS, ZDeliveryChannel, ZNotificationEvent, ZPreferenceChannel } from './events';

/** A channel's state as the profile shows it. */
export const ZChannelState = z.object({
  channel: ZDeliveryChannel,
  /** linked: ready; not_linked: Telegram not linked / no push subscription; unreachable: repeated failures. */
  status: z.enum(['linked', 'not_linked', 'unreachable']),
  unreachable_since: z.string().nullable(),
  /** Whether this portal offers the channel at all (Telegram needs a bot configured). */
  available: z.boolean(),
});
export type TChannelState = z.infer<typeof ZChannelState>;

export const ZNotificationSettings = z.object({
  channels: z.array(ZChannelState),
  preferences: z.array(z.object({ event: ZNotificationEvent, channel: ZPreferenceChannel, enabled: z.boolean() })),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** GET notifications/settings */
export const ZGetNotificationSettingsResponse = ZData(ZNotificationSettings);

/** PUT notifications/preferences: any subset of event × channel switches. */
export const ZUpdatePreferencesRequest = z.strictObject({
  preferences: z
    .array(z.strictObject({ event: ZNotificationEvent, channel: ZPreferenceChannel, enabled: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_EVENTS.length * PREFERENCE_CHANNELS.length),
});
export type TUpdatePreferencesRequest = z.infer<typeof ZUpdatePreferencesRequest>;

/** POST notifications/channels/:channel/reset */
export const ZChannelParams = z.strictObject({ channel: ZDeliveryChannel });
