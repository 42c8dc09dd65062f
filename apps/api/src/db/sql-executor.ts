import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** What libraries that bring their own SQL (pg-boss) call: `$1`-style text and values. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * An executor that runs on a Drizzle handle or open transaction, so a library's statement joins the
 * caller's transaction (PGlite and node-postgres alike). Only single statements with `$n` parameters.
 */
export function executorFor(db: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        const v = values[Number(m[1]) - 1];
        chunks.push(sql`${v === undefined ? null : v}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}
