import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orders, trustedPeople, users, type TrustedPersonRow } from '../../db/schema';

/** The trusted module's reads and writes of trusted_people (and its reads of the parcels and branches it names). */
export const trustedRepository = {
  /** Serialises one customer's grants (the active limit): held until the transaction ends. */
  async lockCustomer(tx: DbOrTx, userId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(91, ${userId})`);
  },

  async countActive(tx: DbOrTx, userId: number, today: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(trustedPeople)
      .where(and(eq(trustedPeople.userId, userId), isNull(trustedPeople.revokedAt), sql`${trustedPeople.validTo} >= ${today}`));
    return row?.n ?? 0;
  },

  async insert(tx: DbOrTx, values: typeof trustedPeople.$inferInsert): Promise<TrustedPersonRow> {
    const [row] = await tx.insert(trustedPeople).values(values).returning();
    return row!;
  },

  /** One grant; `lock`: FOR SHARE, so a revocation racing a hand-over waits for it or comes first. */
  async byId(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<TrustedPersonRow | undefined> {
    const q = db.select().from(trustedPeople).where(eq(trustedPeople.id, id)).limit(1);
    const [row] = opts.lock ? await q.for('share') : await q;
    return row;
  },

  async ofUser(db: DbOrTx, userId: number): Promise<TrustedPersonRow[]> {
    return db.select().from(trustedPeople).where(eq(trustedPeople.userId, userId)).orderBy(desc(trustedPeople.id)).limit(100);
  },

  /** Revokes at once (a guarded UPDATE: the first revocation wins, a second finds it revoked). */
  async revoke(tx: DbOrTx, userId: number, id: number, now: Date): Promise<TrustedPersonRow | undefined> {
    const [row] = await tx
      .update(trustedPeople)
      .set({ revokedAt: now })
      .where(and(eq(trustedPeople.id, id), eq(trustedPeople.userId, userId), isNull(trustedPeople.revokedAt)))
      .returning();
    return row;
  },

  /** New parcels and days of a grant still open (guarded: a revoked one is not changed); the version stays. */
  async change(tx: DbOrTx, id: number, values: { orderIds: number[]; validFrom: string; validTo: string }) {
    const [row] = await tx
      .update(trustedPeople)
      .set(values)
      .where(and(eq(trustedPeople.id, id), isNull(trustedPeople.revokedAt)))
      .returning();
    return row;
  },

  /** The customer deleted their account (ADR 069): every grant of theirs still open ends now. */
  async revokeAllOf(tx: DbOrTx, userId: number, now: Date): Promise<number> {
    const rows = await tx
      .update(trustedPeople)
      .set({ revokedAt: now })
      .where(and(eq(trustedPeople.userId, userId), isNull(trustedPeople.revokedAt)))
      .returning({ id: trustedPeople.id });
    return rows.length;
  },

  /**
   * Takes one SMS send of the grant: only when not revoked, not sent within `minGapSeconds` and sent fewer than
   * `maxCount` times — one UPDATE, so of simultaneous re-sends exactly one passes.
   */
  async takeSms(tx: DbOrTx, userId: number, id: number, now: Date, minGapSeconds: number, maxCount: number) {
    const [row] = await tx
      .update(trustedPeople)
      .set({ smsSentAt: now, smsCount: sql`${trustedPeople.smsCount} + 1` })
      .where(
        and(
          eq(trustedPeople.id, id),
          eq(trustedPeople.userId, userId),
          isNull(trustedPeople.revokedAt),
          lt(trustedPeople.smsCount, maxCount),
          or(isNull(trustedPeople.smsSentAt), lt(trustedPeople.smsSentAt, new Date(now.getTime() - minGapSeconds * 1000))),
        ),
      )
      .returning();
    return row;
  },

  /** The customer's parcels among `ids` with their status and branch. */
  async parcelsOf(db: DbOrTx, userId: number, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: orders.id, trackCode: orders.trackCode, name: orders.name, statusId: orders.statusId, branchId: orders.branchId })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.id, ids)));
  },

  /** The customer's parcels in the given statuses that have a branch, oldest first. */
  async openParcels(db: DbOrTx, userId: number, statusIdList: number[]) {
    return db
      .select({ id: orders.id, trackCode: orders.trackCode, name: orders.name, statusId: orders.statusId, branchId: orders.branchId })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.statusId, statusIdList), isNotNull(orders.branchId)))
      .orderBy(orders.id)
      .limit(200);
  },

  async branch(db: DbOrTx, id: number) {
    const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
    return row;
  },

  async customer(db: DbOrTx, id: number) {
    const [row] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        clientCode: users.clientCode,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  },
};
