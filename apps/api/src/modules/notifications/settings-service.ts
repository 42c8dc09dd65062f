import { and, eq, sql } from 'drizzle-orm';
import {
  defaultPreference,
  DELIVERY_CHANNELS,
  NOTIFICATION_EVENTS,
  PREFERENCE_CHANNELS,
  type TNotificationSettings,
  type TUpdatePreferencesRequest,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { notificationChannels, notificationPreferences, pushSubscriptions } from '../../db/schema';
import { deliveriesRepository } from './deliveries-repository';
import { telegramRepository } from './telegram-repository';

/** The channels this portal offers besides SMS: Telegram when a bot is configured, push when VAPID keys are. */
export interface ChannelAvailability {
  telegram: boolean;
  push: boolean;
}

export const notificationSettingsService = {
  /** The profile's view: each channel's state (linked, not linked, unreachable) and every event × channel switch. */
  async get(db: DbOrTx, userId: number, available: ChannelAvailability = { telegram: false, push: false }): Promise<TNotificationSettings> {
    const [channels, prefs, push] = await Promise.all([
      deliveriesRepository.channelsOf(db, userId),
      db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId)),
    ]);
    return {
      channels: DELIVERY_CHANNELS.map((channel) => {
        const state = channels.find((c) => c.channel === channel);
        const linked =
          channel === 'sms' || (channel === 'telegram' && Boolean(state?.address)) || (channel === 'push' && (push[0]?.n ?? 0) > 0);
        return {
          channel,
          status: state?.unreachableAt ? ('unreachable' as const) : linked ? ('linked' as const) : ('not_linked' as const),
          unreachable_since: state?.unreachableAt?.toISOString() ?? null,
          available: channel === 'sms' || available[channel],
        };
      }),
      preferences: NOTIFICATION_EVENTS.flatMap((event) =>
        PREFERENCE_CHANNELS.map((channel) => ({
          event,
          channel,
          enabled: prefs.find((p) => p.event === event && p.channel === channel)?.enabled ?? defaultPreference(event, channel),
        })),
      ),
    };
  },

  async updatePreferences(
    db: DbOrTx,
    userId: number,
    input: TUpdatePreferencesRequest,
    available?: ChannelAvailability,
  ): Promise<TNotificationSettings> {
    for (const p of input.preferences) {
      await db
        .insert(notificationPreferences)
        .values({ userId, event: p.event, channel: p.channel, enabled: p.enabled })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.event, notificationPreferences.channel],
          set: { enabled: p.enabled },
        });
    }
    return this.get(db, userId, available);
  },

  /** The customer disconnects their Telegram chat. */
  async unlinkTelegram(db: DbOrTx, userId: number): Promise<void> {
    await telegramRepository.unlink(db, userId);
  },

  /** The customer confirms a channel works again (after fixing it): the unreachable mark and streak go. */
  async resetChannel(db: DbOrTx, userId: number, channel: (typeof DELIVERY_CHANNELS)[number]): Promise<void> {
    await db
      .update(notificationChannels)
      .set({ failures: 0, unreachableAt: null, updatedAt: new Date() })
      .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.channel, channel)));
  },
};
