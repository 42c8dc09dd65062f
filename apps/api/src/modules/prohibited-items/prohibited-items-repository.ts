import { asc } from 'drizzle-orm';
import { pickText, type TLang, type TProhibitedItem } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { prohibitedItems } from '../../db/schema';

export const prohibitedItemsRepository = {
  async all(db: DbOrTx, lang: TLang): Promise<TProhibitedItem[]> {
    const rows = await db.select().from(prohibitedItems).orderBy(asc(prohibitedItems.position), asc(prohibitedItems.id));
    return rows.map((row) => ({
      id: row.id,
      title: pickText(row.title, lang),
      description: pickText(row.description, lang),
      icon: row.icon,
    }));
  },
};
