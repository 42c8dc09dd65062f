import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { IMPORT_UNDO_MINUTES, type TImportSummary, type TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { parcels, type Actor } from '../parcels/parcels-service';
import { writeSheet } from '../reports/xlsx-write';
import type { UserRow } from '../users/users-repository';
import type { ImportLines } from './import-parse';
import type { PlannedRow } from './import-plan';
import { findOwn, summary } from './import-service';
import { manageText } from './manage-messages';

/** Rows a rejected-rows file holds: those committing leaves out. */
const REJECTED = new Set(['invalid', 'duplicate']);

/** A CSV cell: quoted when it must be; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const importUndo = {
  /**
   * Undoes a committed import (ADR 074): the one who imported or an admin, within IMPORT_UNDO_MINUTES of the commit,
   * while none of its parcels has moved on. One guarded UPDATE marks it undone: of parallel requests exactly one wins
   * (the others wait for its row and then find it undone: 409 import_undone); a refusal after it rolls it back whole.
   */
  async undo(db: Db, user: UserRow, id: number, actor: Actor): Promise<TImportSummary> {
    const rec = await findOwn(db, id, user);
    if (!rec.committedAt) throw new AppError('import_not_committed');
    return db.transaction(async (tx) => {
      const now = new Date();
      const [locked] = await tx
        .update(imports)
        .set({ undoneAt: now, undoneBy: user.id })
        .where(and(eq(imports.id, id), isNotNull(imports.committedAt), isNull(imports.undoneAt)))
        .returning();
      if (!locked) throw new AppError('import_undone');
      if (now.getTime() - locked.committedAt!.getTime() > IMPORT_UNDO_MINUTES * 60_000) throw new AppError('import_undo_expired');
      const ids = (locked.orderIds ?? []) as number[];
      const present = await parcels.existingIds(tx, ids);
      const removed = await parcels.unreceive(tx, present);
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'import.undo',
          targetType: 'import',
          targetId: id,
          before: { committed_at: locked.committedAt!.toISOString(), parcels: ids.length },
          after: { undone_at: now.toISOString(), removed, imported_by: locked.staffUserId },
        });
      return summary(locked);
    });
  },

  /**
   * The rejected rows (invalid and duplicate) as a file: the file's header row (when it had one), then each rejected
   * row's original cells and the reason in `lang` in the last column.
   */
  async rejectedFile(db: Db, user: UserRow, id: number, format: 'xlsx' | 'csv', lang: TLang): Promise<{ name: string; body: Buffer }> {
    const rec = await findOwn(db, id, user);
    const lines = (rec.cells ?? []) as ImportLines;
    const byRow = new Map(lines.map((l) => [l.row, l.cells]));
    const mapping = rec.mapping as { header?: boolean } | null;
    const header = mapping?.header ? (lines[0]?.cells ?? []) : [];
    const rejected = (rec.rows as PlannedRow[]).filter((r) => REJECTED.has(r.outcome));
    const width = Math.max(header.length, ...rejected.map((r) => byRow.get(r.row)?.length ?? 0));
    const reasonOf = (r: PlannedRow) => (r.reason ? manageText(r.reason.key, lang, r.reason.params) : '');
    const heads = [
      manageText('import_file_row', lang),
      ...Array.from({ length: width }, (_, i) => {
        const h = header[i];
        return h === null || h === undefined || String(h).trim() === '' ? manageText('import_file_column', lang, { n: i + 1 }) : String(h);
      }),
      manageText('import_file_reason', lang),
    ];
    const rows = rejected.map((r) => {
      const cells = byRow.get(r.row) ?? [];
      return [r.row, ...Array.from({ length: width }, (_, i) => cells[i] ?? null), reasonOf(r)];
    });
    const base = `${
      rec.fileName
        .replace(/\.(xlsx|csv)$/i, '')
        .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
        .slice(0, 80) || 'import'
    }_rejected`;
    if (format === 'csv') {
      const body = [heads, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
      return { name: `${base}.csv`, body: Buffer.from(`\uFEFF${body}\r\n`, 'utf8') };
    }
    const sheet = await writeSheet(
      manageText('import_file_sheet', lang),
      heads.map((head) => ({ head })),
      rows,
    );
    return { name: `${base}.xlsx`, body: sheet };
  },
};
