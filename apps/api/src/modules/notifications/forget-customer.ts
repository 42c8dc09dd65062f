import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  notificationChannels,
  notificationDeliveries,
  notificationPreferences,
  pushSubscriptions,
  telegramLinkTokens,
} from '../../db/schema';

/**
 * A customer deleted their account (ADR 069), in the caller's transaction: their browsers' push subscriptions, the
 * Telegram chat and link tokens, channel states and preferences go, and messages still waiting to be sent to them are
 * skipped. The portal notifications stay (they name parcels, not the person, and nobody can read them any more).
 */
export async function forgetCustomerContacts(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.userId, userId));
  await tx.delete(notificationChannels).where(eq(notificationChannels.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx
    .update(notificationDeliveries)
    .set({ status: 'skipped', error: 'account_deleted', updatedAt: new Date() })
    .where(and(eq(notificationDeliveries.userId, userId), inArray(notificationDeliveries.status, ['queued', 'retrying'])));
}
