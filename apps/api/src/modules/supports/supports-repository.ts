import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supportRequests } from '../../db/schema';

export type SupportRow = typeof supportRequests.$inferSelect;
export type NewSupportRow = typeof supportRequests.$inferInsert;

export interface WindowCount {
  n: number;
  oldest: Date | null;
}

async function countWhere(db: DbOrTx, where: ReturnType<typeof and>): Promise<WindowCount> {
  const [row] = await db
    .select({ n: count(), oldest: min(supportRequests.createdAt) })
    .from(supportRequests)
    .where(where);
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export const supportsRepository = {
  /** Holds a transaction-scoped lock on a key, so concurrent requests of one sender are counted one at a time. */
  async lock(tx: DbOrTx, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  },
  countForUserSince(db: DbOrTx, userId: number, since: Date): Promise<WindowCount> {
    return countWhere(db, and(eq(supportRequests.userId, userId), gte(supportRequests.createdAt, since)));
  },
  countForIpSince(db: DbOrTx, ip: string, since: Date): Promise<WindowCount> {
    return countWhere(db, and(eq(supportRequests.ip, ip), gte(supportRequests.createdAt, since)));
  },
  /** A customer deleted their account (ADR 069): the contact and name they left on their requests are erased; the threads stay. */
  async forgetContact(db: DbOrTx, userId: number): Promise<void> {
    await db.update(supportRequests).set({ contact: '', name: null, updatedAt: new Date() }).where(eq(supportRequests.userId, userId));
  },
  async insert(db: DbOrTx, row: NewSupportRow): Promise<SupportRow> {
    const [created] = await db.insert(supportRequests).values(row).returning();
    if (!created) throw new Error('support request was not stored');
    return created;
  },
};
