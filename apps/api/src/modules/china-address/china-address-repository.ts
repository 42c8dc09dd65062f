import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, countries, warehouses } from '../../db/schema';

export type WarehouseRow = typeof warehouses.$inferSelect;

export const chinaAddressRepository = {
  async countryOfBranch(db: DbOrTx, branchId: number): Promise<number | null> {
    const [row] = await db.select({ countryId: branches.countryId }).from(branches).where(eq(branches.id, branchId)).limit(1);
    return row?.countryId ?? null;
  },
  async countryByClientCodePrefix(db: DbOrTx, prefix: string): Promise<number | null> {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.clientCodePrefix, prefix)).limit(1);
    return row?.id ?? null;
  },
  /** The warehouse serving a country, or the first one when that country has none. */
  async warehouseFor(db: DbOrTx, countryId: number | null): Promise<{ warehouse: WarehouseRow; countryCode: string } | null> {
    const select = () =>
      db
        .select({ warehouse: warehouses, countryCode: countries.code })
        .from(warehouses)
        .innerJoin(countries, eq(countries.id, warehouses.countryId));
    if (countryId !== null) {
      const [own] = await select().where(eq(warehouses.countryId, countryId)).limit(1);
      if (own) return own;
    }
    const [first] = await select().orderBy(asc(countries.position), asc(warehouses.id)).limit(1);
    return first ?? null;
  },
};
