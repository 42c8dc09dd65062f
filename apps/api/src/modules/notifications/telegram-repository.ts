import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { notificationChannels, telegramLinkTokens, users } from '../../db/schema';

/** Link tokens (only their hashes) and the Telegram chat each customer linked (notification_channels.address). */
export const telegramRepository = {
  /** A new link token for the customer; their earlier unused ones stop working (only the newest link is valid). */
  async replaceToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db
      .delete(telegramLinkTokens)
      .where(
        or(
          and(eq(telegramLinkTokens.userId, userId), isNull(telegramLinkTokens.usedAt)),
          lt(telegramLinkTokens.expiresAt, sql`now() - interval '1 day'`),
        ),
      );
    await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt });
  },

  /**
   * Spends a token: one conditional UPDATE, so of two /start messages with the same token exactly one gets the
   * customer; a used, expired or unknown token answers null.
   */
  async claimToken(db: DbOrTx, tokenHash: string): Promise<number | null> {
    const [row] = await db
      .update(telegramLinkTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(telegramLinkTokens.tokenHash, tokenHash), isNull(telegramLinkTokens.usedAt), sql`${telegramLinkTokens.expiresAt} > now()`),
      )
      .returning({ userId: telegramLinkTokens.userId });
    return row?.userId ?? null;
  },

  /** The customer's Telegram is this chat from now on, reachable (a fresh link clears an unreachable mark). */
  async link(db: DbOrTx, userId: number, chatId: string): Promise<void> {
    await db
      .insert(notificationChannels)
      .values({ userId, channel: 'telegram', address: chatId, failures: 0, unreachableAt: null })
      .onConflictDoUpdate({
        target: [notificationChannels.userId, notificationChannels.channel],
        set: { address: chatId, failures: 0, unreachableAt: null, updatedAt: new Date() },
      });
  },

  async unlink(db: DbOrTx, userId: number): Promise<void> {
    await db
      .update(notificationChannels)
      .set({ address: null, failures: 0, unreachableAt: null, updatedAt: new Date() })
      .where(and(eq(notificationChannels.userId, userId), eq(notificationChannels.channel, 'telegram')));
  },

  /** /stop in the chat: every account linked to it is unlinked; answers their languages. */
  async unlinkChat(db: DbOrTx, chatId: string): Promise<TLang[]> {
    const rows = await db
      .update(notificationChannels)
      .set({ address: null, failures: 0, unreachableAt: null, updatedAt: new Date() })
      .where(and(eq(notificationChannels.channel, 'telegram'), eq(notificationChannels.address, chatId)))
      .returning({ userId: notificationChannels.userId });
    if (!rows.length) return [];
    const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, rows[0]!.userId));
    return [u?.language ?? 'ru'];
  },

  async languageOf(db: DbOrTx, userId: number): Promise<TLang> {
    const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return u?.language ?? 'ru';
  },
};
