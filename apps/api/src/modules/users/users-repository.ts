import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, clientCodeSeq, countries, users } from '../../db/schema';
import { userChanged } from '../auth/session-cache';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'clientCode'>;

export const usersRepository = {
  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phoneNumber, phone)).limit(1);
    return row;
  },

  /** The language of the account a number has, or undefined when it has none (as fast either way: one index read). */
  async languageOf(db: DbOrTx, phone: string): Promise<{ language: UserRow['language'] } | undefined> {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
    return row;
  },

  async phoneExists(db: DbOrTx, phone: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
    return Boolean(row);
  },

  /** The client-code prefix of an open branch's country (KZ, KG …), or undefined when the branch does not exist or is closed. */
  async branchCountryPrefix(db: DbOrTx, branchId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ prefix: countries.clientCodePrefix })
      .from(branches)
      .innerJoin(countries, eq(countries.id, branches.countryId))
      // Only an open branch; the key-share lock makes a close in progress finish first (and then refuses it).
      .where(and(eq(branches.id, branchId), eq(branches.isActive, true)))
      .limit(1)
      .for('key share', { of: branches });
    return row?.prefix;
  },

  /** Inserts a user with the next unique client code, e.g. KZ-10457. */
  async insertWithClientCode(db: DbOrTx, user: NewUser, prefix: string): Promise<UserRow> {
    const [seq] = await db.select({ n: sql<string>`nextval(${clientCodeSeq.seqName})`.mapWith(Number) }).from(sql`(select 1) as one`);
    const clientCode = `${prefix}-${seq!.n}`;
    const [row] = await db
      .insert(users)
      .values({ ...user, clientCode })
      .returning();
    return row!;
  },

  async update(db: DbOrTx, id: number, patch: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    // The session check reads this row with the session (kept in Redis with REDIS_URL): forget it after the commit.
    await userChanged(db, id);
    return row;
  },

  /** Renews the QR code: one atomic increment, so two renewals at once give two versions and the last one wins. */
  async bumpQrVersion(db: DbOrTx, id: number): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ qrVersion: sql`${users.qrVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await userChanged(db, id);
    return row!;
  },
};
