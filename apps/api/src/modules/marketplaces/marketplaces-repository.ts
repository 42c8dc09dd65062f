import { asc } from 'drizzle-orm';
import { pickText, type TLang, type TMarketplace } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { marketplaces } from '../../db/schema';

export const marketplacesRepository = {
  async all(db: DbOrTx, lang: TLang): Promise<TMarketplace[]> {
    const rows = await db.select().from(marketplaces).orderBy(asc(marketplaces.position), asc(marketplaces.id));
    return rows.map((row) => ({ id: row.id, name: row.name, description: pickText(row.description, lang), url: row.url, logo: row.logo }));
  },
};
