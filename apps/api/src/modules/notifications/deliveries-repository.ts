import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDeliveryChannel } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import {
  notificationChannels,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
} from '../../db/schema';
import type { DeliveryStatus } from '../../db/schema/notifications';

export const deliveriesRepository = {
  /** Per user: channel rows (address, unreachable), preference overrides, and whether a push subscription exists. */
  async reachability(db: DbOrTx, userIds: number[]) {
    if (!userIds.length) return { channels: [], prefs: [], push: new Set<number>() };
    const [channels, prefs, push] = await Promise.all([
      db.select().from(notificationChannels).where(inArray(notificationChannels.userId, userIds)),
      db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
      db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)),
    ]);
    return { channels, prefs, push: new Set(push.map((p) => p.userId)) };
  },

  /** Log rows for new deliveries; the (message, channel) pair is unique, so a repeat adds nothing. */
  async insertQueued(db: DbOrTx, rows: { notificationId: number; userId: number; channel: TDeliveryChannel }[]) {
    if (!rows.length) return [];
    return db.insert(notificationDeliveries).values(rows).onConflictDoNothing().returning({ id: notificationDeliveries.id });
  },

  /**
   * Restore drill (RESTORE_DRILL): every message of the copy still waiting to go (its job is discarded) is marked
   * skipped with the reason, so the copy's delivery log does not show messages as on their way. Returns how many.
   */
  async skipUnsent(db: DbOrTx, reason: string): Promise<number> {
    const rows = await db
      .update(notificationDeliveries)
      .set({ status: 'skipped', error: reason, updatedAt: new Date() })
      .where(inArray(notificationDeliveries.status, ['queued', 'sending', 'retrying']))
      .returning({ id: notificationDeliveries.id });
    return rows.length;
  },

  async insertSkipped(db: DbOrTx, rows: { notificationId: number; userId: number; channel: TDeliveryChannel; error: string }[]) {
    if (rows.length)
      await db
        .insert(notificationDeliveries)
        .values(rows.map((r) => ({ ...r, status: 'skipped' as const })))
        .onConflictDoNothing();
  },

  /** A delivery with what sending needs: the message and the recipient's current language, phone and channel address. */
  async forSending(db: DbOrTx, id: number) {
    const [row] = await db
      .select({
        id: notificationDeliveries.id,
        status: notificationDeliveries.status,
        channel: notificationDeliveries.channel,
        userId: notificationDeliveries.userId,
        notificationId: notifications.id,
        event: notifications.event,
        params: notifications.params,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        phone: users.phoneNumber,
        lang: users.language,
        address: notificationChannels.address,
        unreachableAt: notificationChannels.unreachableAt,
      })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .innerJoin(users, eq(users.id, notificationDeliveries.userId))
      .leftJoin(
        notificationChannels,
        and(
          eq(notificationChannels.userId, notificationDeliveries.userId),
          eq(notificationChannels.channel, notificationDeliveries.channel),
        ),
      )
      .where(eq(notificationDeliveries.id, id))
      .limit(1);
    return row;
  },

  /**
   * Claims a delivery for one attempt: only one that is not sent yet. Answers false when it was already
   * sent (a redelivered job after a crash), which is what keeps a message to one send per channel.
   */
  async claim(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .update(notificationDeliveries)
      .set({ status: 'sending', attempts: sql`${notificationDeliveries.attempts} + 1`, updatedAt: new Date() })
      .where(and(eq(notificationDeliveries.id, id), inArray(notificationDeliveries.status, ['queued', 'sending', 'retrying'])))
      .returning({ id: notificationDeliveries.id });
    return rows.length === 1;
  },

  async finish(db: DbOrTx, id: number, patch: { status: DeliveryStatus; error?: string | null; providerRef?: string | null }) {
    await db
      .update(notificationDeliveries)
      .set({
        status: patch.status,
        error: patch.error ?? null,
        providerRef: patch.providerRef ?? null,
        updatedAt: new Date(),
        ...(patch.status === 'sent' ? { sentAt: new Date() } : {}),
      })
      .where(eq(notificationDeliveries.id, id));
  },

  /** A message got through: the channel's failure streak ends. */
  async channelSucceeded(db: DbOrTx, userId: number, channel: TDeliveryChannel) {
    await db
      .update(notificationChannels)
      .set({ failures: 0, updatedAt: new Date() })
      .where(
        and(eq(notificationChannels.userId, userId), eq(notificationChannels.channel, channel), sql`${notificationChannels.failures} > 0`),
      );
  },

  /** A message failed for good: one more in the streak; at `limit` the channel is marked unreachable. */
  async channelFailed(db: DbOrTx, userId: number, channel: TDeliveryChannel, limit: number) {
    await db
      .insert(notificationChannels)
      .values({ userId, channel, failures: 1, unreachableAt: limit <= 1 ? new Date() : null })
      .onConflictDoUpdate({
        target: [notificationChannels.userId, notificationChannels.channel],
        set: {
          failures: sql`${notificationChannels.failures} + 1`,
          unreachableAt: sql`case when ${notificationChannels.failures} + 1 >= ${limit} then coalesce(${notificationChannels.unreachableAt}, now()) else ${notificationChannels.unreachableAt} end`,
          updatedAt: new Date(),
        },
      });
  },

  async channelsOf(db: DbOrTx, userId: number) {
    return db.select().from(notificationChannels).where(eq(notificationChannels.userId, userId));
  },

  async log(db: DbOrTx, notificationId: number) {
    return db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, notificationId));
  },
};
