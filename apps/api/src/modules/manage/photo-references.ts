import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';

/** Which of these parcel-photo URLs some parcel still shows (the uploads cleanup keeps those). */
export async function parcelPhotoReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const wanted = sql.join(
    urls.map((u) => sql`${u}`),
    sql`, `,
  );
  const rows = await db
    .select({ photos: orders.photos })
    .from(orders)
    .where(sql`${orders.photos} ?| array[${wanted}]::text[]`);
  const asked = new Set(urls);
  const used = new Set<string>();
  for (const r of rows) for (const p of r.photos) if (asked.has(p)) used.add(p);
  return used;
}
