import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffInvitations } from '../../db/schema';

export type InvitationRow = typeof staffInvitations.$inferSelect;

/** The SQL of staff invitations (ADR 075); the auth module alone writes the table. */
export const invitationsRepository = {
  /** Ends every open link of the user (a resend makes the earlier one invalid). */
  async revokeOpen(db: DbOrTx, userId: number, now: Date): Promise<void> {
    await db
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.userId, userId), isNull(staffInvitations.usedAt), isNull(staffInvitations.revokedAt)));
  },

  async insert(db: DbOrTx, row: typeof staffInvitations.$inferInsert): Promise<InvitationRow> {
    const [created] = await db.insert(staffInvitations).values(row).returning();
    return created!;
  },

  async byHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash)).limit(1);
    return row;
  },

  /**
   * Uses a link: one guarded UPDATE, so of many simultaneous uses exactly one gets the row back (the others wait for
   * its lock, see used_at set and get nothing).
   */
  async use(db: DbOrTx, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
    const [row] = await db
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  /** Each user's latest link that was not replaced: what the users list says of their invitation. */
  async latestOf(db: DbOrTx, userIds: number[]): Promise<Map<number, InvitationRow>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .selectDistinctOn([staffInvitations.userId])
      .from(staffInvitations)
      .where(and(inArray(staffInvitations.userId, userIds), isNull(staffInvitations.revokedAt)))
      .orderBy(staffInvitations.userId, desc(staffInvitations.createdAt), desc(staffInvitations.id));
    return new Map(rows.map((r) => [r.userId, r]));
  },
};
