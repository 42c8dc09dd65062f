import { and, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import {
  missingLanguages,
  type TAdminNews,
  type TAdminNewsCreateRequest,
  type TAdminNewsSummary,
  type TI18nText,
  type TNewsState,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkImages, checkVersion, missingFilter, searchFilter } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Uploads } from '../uploads/uploads-service';

type NewsRow = typeof news.$inferSelect;
type NewsInput = Omit<TAdminNewsCreateRequest, 'image'> & { image: string | null; title: TI18nText; summary: TI18nText; body: TI18nText };

export function newsState(row: Pick<NewsRow, 'isPublished' | 'publishedAt'>, now = new Date()): TNewsState {
  if (!row.isPublished) return 'draft';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Title and body are needed in every language to publish; the summary is optional. */
const missingOf = (row: Pick<NewsRow, 'title' | 'summary' | 'body'>) => missingLanguages([row.title, row.body], [row.summary]);

function toSummary(row: NewsRow, missing: TAdminNews['missing_languages']): TAdminNewsSummary {
  return {
    id: row.id,
    version: row.version,
    missing_languages: missing,
    title: row.title,
    image: row.image,
    published_at: row.publishedAt.toISOString(),
    is_published: row.isPublished,
    state: newsState(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toAdminNews = (row: NewsRow): TAdminNews => ({ ...toSummary(row, missingOf(row)), summary: row.summary, body: row.body });

/** What the audit keeps of a news item. */
const audited = (row: NewsRow) => ({
  title: row.title,
  summary: row.summary,
  body: row.body,
  image: row.image,
  published_at: row.publishedAt.toISOString(),
  is_published: row.isPublished,
  version: row.version,
});

const STATE_FILTER: Record<TNewsState, () => SQL> = {
  draft: () => eq(news.isPublished, false),
  scheduled: () => and(eq(news.isPublished, true), gt(news.publishedAt, new Date()))!,
  published: () => and(eq(news.isPublished, true), lte(news.publishedAt, new Date()))!,
};

/** admin/news: the one place news items are written (the public calls only read). */
export function createAdminNewsService(deps: { db: Db; uploads: Uploads }) {
  const { db, uploads } = deps;

  const values = (input: NewsInput) => ({
    title: input.title,
    summary: input.summary,
    body: input.body,
    image: input.image,
    publishedAt: new Date(input.published_at),
    isPublished: input.is_published,
  });

  return {
    async list(filters: { search?: string; missing?: 'any' | 'kk' | 'ru' | 'en'; state?: TNewsState }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [news.title, news.summary, news.body]),
        missingFilter(filters.missing, [news.title, news.body], [news.summary]),
        filters.state ? STATE_FILTER[filters.state]() : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(news)
          .where(where)
          .orderBy(desc(news.publishedAt), desc(news.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(news).where(where),
      ]);
      return { items: rows.map((row) => toSummary(row, missingOf(row))), total: total?.n ?? 0 };
    },

    async get(id: number): Promise<TAdminNews> {
      const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminNews(row);
    },

    async create(actor: AuditActor, input: NewsInput): Promise<TAdminNews> {
      await checkImages(uploads, 'news', [{ field: 'image', value: input.image }]);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(news).values(values(input)).returning();
        await recordAudit(tx, { actor, action: 'news.create', targetType: 'news', targetId: row!.id, before: null, after: audited(row!) });
        return toAdminNews(row!);
      });
    },

    async update(actor: AuditActor, id: number, input: NewsInput & { version: number }): Promise<TAdminNews> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        await checkImages(uploads, 'news', [{ field: 'image', value: input.image, current: current!.image }]);
        const [row] = await tx
          .update(news)
          .set({ ...values(input), version: sql`${news.version} + 1`, updatedAt: new Date() })
          .where(eq(news.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'news.update',
          targetType: 'news',
          targetId: id,
          before: audited(current!),
          after: audited(row!),
        });
        return toAdminNews(row!);
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
        if (!row) throw new AppError('not_found');
        await recordAudit(tx, { actor, action: 'news.delete', targetType: 'news', targetId: id, before: audited(row), after: null });
      });
    },
  };
}
