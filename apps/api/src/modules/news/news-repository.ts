import { and, count, desc, eq, lte } from 'drizzle-orm';
import { pickText, type TLang, type TNewsItem, type TNewsSummary } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { news } from '../../db/schema';

type NewsRow = typeof news.$inferSelect;

function toSummary(row: Pick<NewsRow, 'id' | 'title' | 'summary' | 'image' | 'publishedAt'>, lang: TLang): TNewsSummary {
  return {
    id: row.id,
    title: pickText(row.title, lang),
    summary: pickText(row.summary, lang),
    image: row.image,
    published_at: row.publishedAt.toISOString(),
  };
}

/** Only published items (not drafts) whose publication time has come are visible. */
const published = () => and(eq(news.isPublished, true), lte(news.publishedAt, new Date()));

export const newsRepository = {
  async page(db: DbOrTx, lang: TLang, page: number, perPage: number): Promise<{ items: TNewsSummary[]; total: number }> {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(news).where(published());
    const rows = await db
      .select({ id: news.id, title: news.title, summary: news.summary, image: news.image, publishedAt: news.publishedAt, createdAt: news.createdAt })
      .from(news)
      .where(published())
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { items: rows.map((row) => toSummary(row, lang)), total: Number(total) };
  },
  async findPublished(db: DbOrTx, id: number, lang: TLang): Promise<TNewsItem | null> {
    const [row] = await db.select().from(news).where(and(eq(news.id, id), published())).limit(1);
    return row ? { ...toSummary(row, lang), body: pickText(row.body, lang) } : null;
  },
};
