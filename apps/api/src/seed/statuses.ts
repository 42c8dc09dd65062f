import type { DbOrTx } from '../db/client';
import { orderStatuses } from '../db/schema';

export const ORDER_STATUSES = [
  { code: 'china_warehouse' as const, position: 1, name: { ru: 'На складе в Китае', kk: 'Қытайдағы қоймада', en: 'At China warehouse' } },
  { code: 'in_transit' as const, position: 2, name: { ru: 'В пути', kk: 'Жолда', en: 'In transit' } },
  { code: 'at_branch' as const, position: 3, name: { ru: 'В пункте выдачи', kk: 'Беру пунктінде', en: 'At pickup point' } },
  { code: 'delivered' as const, position: 4, name: { ru: 'Выдан', kk: 'Берілді', en: 'Delivered' } },
];

export async function seedStatuses(db: DbOrTx): Promise<void> {
  await db.insert(orderStatuses).values(ORDER_STATUSES).onConflictDoNothing({ target: orderStatuses.code });
}
