import { eq } from 'drizzle-orm';
import { IMPORT_MAX_COLUMNS, type TImportColumns, type TImportLayout } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { importLayouts } from '../../db/schema';
import { detectMapping, layoutSignature, type ImportLines, type ImportMapping } from './import-parse';

/** Characters of a header or sample cell shown in the mapping step. */
const SHOWN_CHARS = 60;
/** Lines looked at to find how many columns the file has. */
const WIDTH_LINES = 50;

const cellText = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v).trim().slice(0, SHOWN_CHARS));

/** The header row's signature when the first line can be a header (it holds text), else null. */
export function signatureOf(lines: ImportLines): string | null {
  const first = lines[0];
  return first && first.cells.some((c) => typeof c === 'string' && c.trim()) ? layoutSignature(first.cells) : null;
}

/** The file's columns as the mapping step shows them: header (with one) and the first data row's value. */
export function layoutView(lines: ImportLines, mapping: ImportMapping, source: TImportLayout['source']): TImportLayout {
  const width = Math.min(IMPORT_MAX_COLUMNS, Math.max(0, ...lines.slice(0, WIDTH_LINES).map((l) => l.cells.length)));
  const head = mapping.header ? lines[0] : undefined;
  const sample = mapping.header ? lines[1] : lines[0];
  return {
    columns: Array.from({ length: width }, (_, i) => ({
      index: i,
      header: head ? cellText(head.cells[i]) : null,
      sample: cellText(sample?.cells[i]),
    })),
    header: mapping.header,
    mapping: mapping.columns,
    source,
  };
}

/** A saved mapping fits a file when every column it names exists there. */
function fits(columns: TImportColumns, lines: ImportLines): boolean {
  const width = Math.max(0, ...lines.slice(0, WIDTH_LINES).map((l) => l.cells.length));
  return Object.values(columns).every((c) => c === null || c < width);
}

/**
 * The saved layouts (import_layouts, ADR 074): staff map a file's columns once; the next file with the same header row
 * is read with that mapping at once. Without a saved one: detected from the header words, or by position.
 */
export const importLayoutsStore = {
  async mappingFor(
    db: DbOrTx,
    lines: ImportLines,
  ): Promise<{ mapping: ImportMapping; source: TImportLayout['source']; signature: string | null }> {
    const signature = signatureOf(lines);
    if (signature) {
      const [saved] = await db.select().from(importLayouts).where(eq(importLayouts.signature, signature)).limit(1);
      const columns = saved?.mapping as TImportColumns | undefined;
      if (columns && fits(columns, lines)) return { mapping: { header: true, columns }, source: 'saved', signature };
    }
    return { ...detectMapping(lines), signature };
  },

  /** Keeps `columns` for the layout (the last choice wins). */
  async save(db: DbOrTx, signature: string, lines: ImportLines, columns: TImportColumns, userId: number): Promise<void> {
    const headers = (lines[0]?.cells ?? []).map((c) => cellText(c));
    await db
      .insert(importLayouts)
      .values({ signature, headers, mapping: columns, updatedBy: userId })
      .onConflictDoUpdate({
        target: importLayouts.signature,
        set: { headers, mapping: columns, updatedBy: userId, updatedAt: new Date() },
      });
  },
};
