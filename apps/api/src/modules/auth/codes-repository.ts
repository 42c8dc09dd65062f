import { and, count, desc, eq, gt, isNull, lt, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codeRequests, verificationCodes, verificationTokens } from '../../db/schema';
import type { TSentCodePurpose as TCodePurpose } from '@portal/contract';

export type CodeRow = typeof verificationCodes.$inferSelect;

export const codesRepository = {
  async latest(db: DbOrTx, phone: string, purpose: TCodePurpose): Promise<CodeRow | undefined> {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phoneNumber, phone), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row;
  },

  /** How many codes went to a phone since `since`, and when the oldest of them was sent. */
  async countForPhoneSince(db: DbOrTx, phone: string, since: Date) {
    const [row] = await db
      .select({ n: count(), oldest: min(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phoneNumber, phone), gt(verificationCodes.createdAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
  },

  /** Code calls from one client address since `since` (codes sent and "already registered" answers). */
  async countRequestsForIpSince(db: DbOrTx, ip: string, since: Date) {
    const [row] = await db
      .select({ n: count(), oldest: min(codeRequests.createdAt) })
      .from(codeRequests)
      .where(and(eq(codeRequests.ip, ip), gt(codeRequests.createdAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
  },

  async recordRequest(db: DbOrTx, row: { ip: string; purpose: string; outcome: 'sent' | 'phone_taken' }): Promise<void> {
    await db.insert(codeRequests).values(row);
  },

  /** Holds a transaction-scoped lock on a key (works across API processes sharing one PostgreSQL). */
  async lock(tx: DbOrTx, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  },

  /** Earlier unused codes of the same phone and purpose stop working when a new one is sent. */
  async supersede(db: DbOrTx, phone: string, purpose: TCodePurpose): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.phoneNumber, phone), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  },

  async insert(db: DbOrTx, row: typeof verificationCodes.$inferInsert): Promise<void> {
    await db.insert(verificationCodes).values(row);
  },

  /**
   * Spends one try on the newest code of a phone and purpose, in one statement: the row is counted
   * only while it is unused, unexpired and under `maxAttempts`, so simultaneous requests can never
   * evaluate more guesses than the limit (PostgreSQL re-checks the WHERE on the locked row).
   * Returns the code's hash and the tries used including this one, or undefined when no try is left.
   */
  async spendAttempt(db: DbOrTx, phone: string, purpose: TCodePurpose, maxAttempts: number) {
    const newest = db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phoneNumber, phone), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    const [row] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, sql`(${newest})`),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, maxAttempts),
          gt(verificationCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: verificationCodes.id, attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
    return row;
  },

  /** Marks a code used; false when another request used it first. */
  async consume(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },

  async insertToken(db: DbOrTx, row: typeof verificationTokens.$inferInsert): Promise<void> {
    await db.insert(verificationTokens).values(row);
  },

  /** Uses a verification token once: it must match phone and purpose and not be expired or used. */
  async consumeToken(db: DbOrTx, tokenHash: string, phone: string, purpose: TCodePurpose) {
    const now = new Date();
    const rows = await db
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationTokens.tokenHash, tokenHash),
          eq(verificationTokens.phoneNumber, phone),
          eq(verificationTokens.purpose, purpose),
          isNull(verificationTokens.usedAt),
          gt(verificationTokens.expiresAt, now),
        ),
      )
      .returning({ id: verificationTokens.id, userId: verificationTokens.userId, telegramUserId: verificationTokens.telegramUserId });
    return rows[0];
  },

  /** A verification token that is still usable (not used, not expired, same phone and purpose), without spending it. */
  async findUsableToken(db: DbOrTx, tokenHash: string, phone: string, purpose: TCodePurpose) {
    const [row] = await db
      .select({ id: verificationTokens.id })
      .from(verificationTokens)
      .where(
        and(
          eq(verificationTokens.tokenHash, tokenHash),
          eq(verificationTokens.phoneNumber, phone),
          eq(verificationTokens.purpose, purpose),
          isNull(verificationTokens.usedAt),
          gt(verificationTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  },

  /** Removes the newest code of a phone and purpose (used when its SMS could not be sent). */
  async discardLatest(db: DbOrTx, phone: string, purpose: TCodePurpose): Promise<void> {
    const latest = await this.latest(db, phone, purpose);
    if (latest) await db.delete(verificationCodes).where(eq(verificationCodes.id, latest.id));
  },

  /** Housekeeping: drops codes and tokens older than a day. */
  async purgeOlderThan(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(verificationCodes).where(lte(verificationCodes.createdAt, before));
    await db.delete(verificationTokens).where(lte(verificationTokens.createdAt, before));
    await db.delete(codeRequests).where(lte(codeRequests.createdAt, before));
  },
};
