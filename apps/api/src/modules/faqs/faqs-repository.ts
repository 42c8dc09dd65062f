import { and, asc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pickText, type TFaq, type TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { faqs } from '../../db/schema';

/** The text a reader of `lang` sees (same fallback as pickText: lang, ru, en, kk). */
const shown = (column: AnyPgColumn, lang: TLang): SQL<string> =>
  sql<string>`coalesce(nullif(${column}->>${lang}, ''), nullif(${column}->>'ru', ''), nullif(${column}->>'en', ''), ${column}->>'kk', '')`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a search (at most 8); every word must appear in the question or the answer. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
}

export const faqsRepository = {
  async list(db: DbOrTx, lang: TLang, search?: string): Promise<TFaq[]> {
    const words = searchWords(search);
    const where = words.length
      ? and(
          ...words.map((word) =>
            or(ilike(shown(faqs.question, lang), `%${escapeLike(word)}%`), ilike(shown(faqs.answer, lang), `%${escapeLike(word)}%`)),
          ),
        )
      : undefined;
    const rows = await db.select().from(faqs).where(where).orderBy(asc(faqs.position), asc(faqs.id));
    return rows.map((row) => ({ id: row.id, question: pickText(row.question, lang), answer: pickText(row.answer, lang) }));
  },
};
