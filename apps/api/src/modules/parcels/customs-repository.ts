import { asc, eq, inArray } from 'drizzle-orm';
import type { TCustomsId } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches, countries, customsIdNotices, users } from '../../db/schema';

/** The reads and the one write of the customs gate (ADR 084): what a branch's country needs, whose number is given. */
export const customsRepository = {
  /** Per branch: the personal number its country's customs need, and its time zone (the notice's calendar day). */
  async requirements(db: DbOrTx, branchIds: number[]): Promise<Map<number, { customsId: TCustomsId; timeZone: string }>> {
    if (!branchIds.length) return new Map();
    const rows = await db
      .select({ id: branches.id, customsId: countries.customsId, timeZone: branches.timeZone })
      .from(branches)
      .innerJoin(countries, eq(countries.id, branches.countryId))
      .where(inArray(branches.id, branchIds));
    return new Map(rows.map((r) => [r.id, { customsId: r.customsId, timeZone: r.timeZone }]));
  },

  /**
   * The owners' personal numbers; with `lock`, under FOR SHARE (in id order): a change of the number (auth/user/update
   * takes the row's lock) waits for the dispatch to commit, and the dispatch reads the number as it is after a change
   * that committed first, so no parcel leaves with a number cleared before it left.
   */
  async numbersOf(
    db: DbOrTx,
    userIds: number[],
    lock: boolean,
  ): Promise<Map<number, { iin: string | null; personalNumber: string | null }>> {
    if (!userIds.length) return new Map();
    const q = db
      .select({ id: users.id, iin: users.iin, personalNumber: users.personalNumber })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id));
    const rows = lock ? await q.for('share') : await q;
    return new Map(rows.map((r) => [r.id, { iin: r.iin, personalNumber: r.personalNumber }]));
  },

  /** Notices not sent yet today (primary key customer + day is the guard); answers the customers inserted now. */
  async insertNotices(db: DbOrTx, rows: { userId: number; day: string }[]): Promise<Set<number>> {
    if (!rows.length) return new Set();
    const fresh = await db.insert(customsIdNotices).values(rows).onConflictDoNothing().returning({ userId: customsIdNotices.userId });
    return new Set(fresh.map((r) => r.userId));
  },
};
