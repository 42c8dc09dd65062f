import { and, asc, count, eq, sql } from 'drizzle-orm';
import { missingLanguages, type TAdminFaq, type TI18nText, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkVersion, lockOrder, missingFilter, moveRow, nextPosition, searchFilter } from '../admin/content-admin';
import { recordAudit, type AuditActor } from '../audit/audit';

type FaqRow = typeof faqs.$inferSelect;
interface FaqInput {
  question: TI18nText;
  answer: TI18nText;
}

const ORDER = 'faqs';

const toAdminFaq = (row: FaqRow): TAdminFaq => ({
  id: row.id,
  version: row.version,
  missing_languages: missingLanguages([row.question, row.answer]),
  question: row.question,
  answer: row.answer,
  position: row.position,
  updated_at: row.updatedAt.toISOString(),
});

const audited = (row: FaqRow) => ({ question: row.question, answer: row.answer, version: row.version });

/** admin/faqs: the one place FAQ entries are written. */
export function createAdminFaqsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(filters: { search?: string; missing?: 'any' | TLang }, page: number, perPage: number) {
      const where = and(
        searchFilter(filters.search, [faqs.question, faqs.answer]),
        missingFilter(filters.missing, [faqs.question, faqs.answer]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(faqs)
          .where(where)
          .orderBy(asc(faqs.position), asc(faqs.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(faqs).where(where),
      ]);
      return { items: rows.map(toAdminFaq), total: total?.n ?? 0 };
    },

    async get(id: number): Promise<TAdminFaq> {
      const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
      if (!row) throw new AppError('not_found');
      return toAdminFaq(row);
    },

    async create(actor: AuditActor, input: FaqInput): Promise<TAdminFaq> {
      return db.transaction(async (tx) => {
        await lockOrder(tx, ORDER);
        const position = await nextPosition(tx, faqs);
        const [row] = await tx.insert(faqs).values({ question: input.question, answer: input.answer, position }).returning();
        await recordAudit(tx, { actor, action: 'faq.create', targetType: 'faq', targetId: row!.id, before: null, after: audited(row!) });
        return toAdminFaq(row!);
      });
    },

    async update(actor: AuditActor, id: number, input: FaqInput & { version: number }): Promise<TAdminFaq> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update').limit(1);
        checkVersion(current, input.version);
        const [row] = await tx
          .update(faqs)
          .set({ question: input.question, answer: input.answer, version: sql`${faqs.version} + 1`, updatedAt: new Date() })
          .where(eq(faqs.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'faq.update',
          targetType: 'faq',
          targetId: id,
          before: audited(current!),
          after: audited(row!),
        });
        return toAdminFaq(row!);
      });
    },

    async move(actor: AuditActor, id: number, direction: 'up' | 'down'): Promise<void> {
      await db.transaction(async (tx) => {
        const moved = await moveRow(tx, ORDER, faqs, id, direction);
        if (!moved) throw new AppError('not_found');
        await recordAudit(tx, {
          actor,
          action: 'faq.move',
          targetType: 'faq',
          targetId: id,
          before: { position: moved.before },
          after: { position: moved.after },
        });
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
        if (!row) throw new AppError('not_found');
        await recordAudit(tx, { actor, action: 'faq.delete', targetType: 'faq', targetId: id, before: audited(row), after: null });
      });
    },
  };
}
