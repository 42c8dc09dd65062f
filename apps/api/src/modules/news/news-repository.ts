import { and, count, desc, eq, lte } from 'drizzle-orm';
import { pickText, richTextPlain, type TLang, type TNewsItem, type TNewsSummary } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { news } from '../../db/schema';

type NewsRow = typeof news.$inferSelect;

export const EXCERPT_LENGTH = 200;

/** The start of a body as plain text, cut at a word within EXCERPT_LENGTH characters. */
export function excerpt(body: string): string {
  const text = richTextPlain(body).replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

function toSummary(row: Pick<NewsRow, 'id' | 'title' | 'summary' | 'body' | 'image' | 'publishedAt'>, lang: TLang): TNewsSummary {
  return {
    id: row.id,
    title: pickText(row.title, lang),
    // An item saved without a summary in this language shows the start of its body.
    // A summary is shown as plain text: marks typed into it (**bold**, list dashes) are taken out like the body's.
    summary:
      richTextPlain(row.summary[lang] ?? '')
        .replace(/\s+/g, ' ')
        .trim() || excerpt(pickText(row.body, lang)),
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
      .select({
        id: news.id,
        title: news.title,
        summary: news.summary,
        body: news.body,
        image: news.image,
        publishedAt: news.publishedAt,
        createdAt: news.createdAt,
      })
      .from(news)
      .where(published())
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { items: rows.map((row) => toSummary(row, lang)), total: Number(total) };
  },
  async findPublished(db: DbOrTx, id: number, lang: TLang): Promise<TNewsItem | null> {
    const [row] = await db
      .select()
      .from(news)
      .where(and(eq(news.id, id), published()))
      .limit(1);
    return row ? { ...toSummary(row, lang), body: pickText(row.body, lang) } : null;
  },
};
