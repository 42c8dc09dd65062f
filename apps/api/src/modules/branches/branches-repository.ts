import { and, asc, eq } from 'drizzle-orm';
import { pickText, toMajor, type TBranch, type TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branches } from '../../db/schema';

export type BranchRow = typeof branches.$inferSelect;

export function toBranch(row: BranchRow, lang: TLang): TBranch {
  return {
    id: row.id,
    country_id: row.countryId,
    name: pickText(row.name, lang),
    city: pickText(row.city, lang),
    address: pickText(row.address, lang),
    latitude: row.latitude,
    longitude: row.longitude,
    tariff: toMajor(row.tariff),
    currency: row.currency,
    time_zone: row.timeZone,
    working_hours: row.workingHours,
    map_link: row.mapLink,
    phones: row.phones,
    instagram: row.instagram,
    whatsapp: row.whatsapp,
    telegram: row.telegram,
    storage_days: row.storageDays,
  };
}

export const branchesRepository = {
  async byCountry(db: DbOrTx, countryId: number): Promise<BranchRow[]> {
    return db
      .select()
      .from(branches)
      .where(and(eq(branches.countryId, countryId), eq(branches.isActive, true)))
      .orderBy(asc(branches.position), asc(branches.id));
  },
  /** Every active branch, by country, then the country's order. */
  async allActive(db: DbOrTx): Promise<BranchRow[]> {
    return db
      .select()
      .from(branches)
      .where(eq(branches.isActive, true))
      .orderBy(asc(branches.countryId), asc(branches.position), asc(branches.id));
  },
  async findById(db: DbOrTx, id: number): Promise<BranchRow | undefined> {
    const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
    return row;
  },
};
