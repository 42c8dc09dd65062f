import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, orders } from '../../db/schema';

/** Dispatch's insurance (ADR 090): the branches' terms it quotes with, and the premiums it fixes on the parcels. */
export const insuranceRepository = {
  /** The insurance terms and currency of branches (dispatch re-quotes with them, ADR 090). */
  async insuranceTerms(tx: DbOrTx, branchIds: number[]) {
    if (!branchIds.length) return [];
    return tx
      .select({
        id: branches.id,
        currency: branches.currency,
        rateBp: branches.insuranceRateBp,
        minPremium: branches.insuranceMinPremium,
        maxValue: branches.insuranceMaxValue,
      })
      .from(branches)
      .where(inArray(branches.id, branchIds));
  },

  /** Fixes dispatched parcels' premiums (minor units) in one statement; answers the ids written. */
  async setInsurancePremiums(tx: DbOrTx, premiums: { id: number; premium: number }[]): Promise<number[]> {
    if (!premiums.length) return [];
    const cases = sql.join(
      premiums.map((p) => sql`when ${p.id}::int then ${String(p.premium)}::bigint`),
      sql` `,
    );
    const rows = await tx
      .update(orders)
      .set({ insurancePremium: sql`case ${orders.id} ${cases} end` })
      .where(
        inArray(
          orders.id,
          premiums.map((p) => p.id),
        ),
      )
      .returning({ id: orders.id });
    return rows.map((r) => r.id);
  },
};
