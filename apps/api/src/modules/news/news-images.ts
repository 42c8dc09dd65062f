import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

/** Which of these news-image URLs some news item still shows (the uploads cleanup keeps those). */
export async function newsImageReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db.select({ image: news.image }).from(news).where(inArray(news.image, urls));
  return new Set(rows.map((r) => r.image!));
}
