import { and, eq, isNull } from 'drizzle-orm';
import {
  IMPORT_UNDO_MINUTES,
  normalizeClientCode,
  type TImportColumns,
  type TImportCounts,
  type TImportLayout,
  type TImportMappingRequest,
  type TImportOutcome,
  type TImportRow,
  type TImportSummary,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { imports } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { parcels, type Actor } from '../parcels/parcels-service';
import { tracksLinks } from '../tracks/tracks-links';
import type { UserRow } from '../users/users-repository';
import { rowsWithMapping, type ImportLines, type ImportMapping, type RawImportRow } from './import-parse';
import { importLayoutsStore, layoutView, signatureOf } from './import-layouts';
import { countRows, planRows, type PlannedRow } from './import-plan';
import { chunks } from './manage-repository';
import { manageText } from './manage-messages';

const INSERT_CHUNK = 1000;

function toRow(p: PlannedRow, lang: TLang): TImportRow {
  return {
    row: p.row,
    track_code: p.track_code,
    weight: p.weight,
    dimensions: p.dimensions ?? null,
    chargeable_weight: p.chargeable_weight ?? p.weight,
    client_code: p.client_code,
    name: p.name,
    outcome: p.outcome,
    customer: p.customer ? { id: p.customer.id, client_code: p.customer.client_code, name: p.customer.name } : null,
    reason: p.reason ? manageText(p.reason.key, lang, p.reason.params) : null,
  };
}

export type ImportRecord = typeof imports.$inferSelect;
type StoredMapping = ImportMapping & { source: TImportLayout['source'] };

function layoutOf(rec: ImportRecord): TImportLayout | null {
  const m = rec.mapping as StoredMapping | null;
  if (!m || !rec.cells) return null;
  return layoutView(rec.cells as ImportLines, m, m.source);
}

export function summary(rec: ImportRecord): TImportSummary {
  const rows = rec.rows as PlannedRow[];
  return {
    id: rec.id,
    file_name: rec.fileName,
    created_at: rec.createdAt.toISOString(),
    committed_at: rec.committedAt ? rec.committedAt.toISOString() : null,
    counts: countRows(rows),
    result: (rec.result as TImportCounts | null) ?? null,
    layout: layoutOf(rec),
    undo_until: rec.committedAt ? new Date(rec.committedAt.getTime() + IMPORT_UNDO_MINUTES * 60_000).toISOString() : null,
    undone_at: rec.undoneAt ? rec.undoneAt.toISOString() : null,
  };
}

/** The import, when the caller made it or is an admin (anyone else: 404, as if there were none). */
export async function findOwn(db: DbOrTx, id: number, user: UserRow): Promise<ImportRecord> {
  const [rec] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  if (!rec || (user.role !== 'admin' && rec.staffUserId !== user.id)) throw notFound();
  return rec;
}

export const importService = {
  /**
   * A new import from the file's lines: read with the layout's saved mapping, else the one its headers name, else by
   * position; every row planned. The lines are kept, so another mapping re-reads them without a new upload.
   */
  async preview(db: Db, user: UserRow, fileName: string, lines: ImportLines, actor: Actor): Promise<TImportSummary> {
    if (!lines.length) throw new AppError('import_file_invalid');
    const { mapping, source, signature } = await importLayoutsStore.mappingFor(db, lines);
    const raw = rowsWithMapping(lines, mapping);
    if (!raw.length) throw new AppError('import_file_invalid');
    const planned = await planRows(db, raw);
    const stored: StoredMapping = { ...mapping, source };
    return db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(imports)
        .values({ staffUserId: user.id, fileName: fileName.slice(0, 200), rows: planned, cells: lines, layout: signature, mapping: stored })
        .returning();
      const made = summary(inserted!);
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'import.preview',
          targetType: 'import',
          targetId: made.id,
          after: { file_name: made.file_name, counts: made.counts, mapping: source },
        });
      return made;
    });
  },

  /**
   * Reads the kept lines again with the columns staff chose, before commit. With a header row the choice is saved
   * for the layout (its header signature) and read that way next time a file with the same headers comes.
   */
  async remap(db: Db, user: UserRow, id: number, input: TImportMappingRequest, actor: Actor): Promise<TImportSummary> {
    const rec = await findOwn(db, id, user);
    if (rec.committedAt) throw new AppError('import_committed');
    const lines = (rec.cells ?? []) as ImportLines;
    if (!lines.length) throw new AppError('import_file_invalid');
    const columns = input.columns as TImportColumns;
    const mapping: StoredMapping = { header: input.header, columns, source: 'manual' };
    const raw = rowsWithMapping(lines, mapping);
    if (!raw.length) throw new AppError('import_file_invalid');
    const planned = await planRows(db, raw);
    const signature = input.header ? signatureOf(lines) : null;
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(imports)
        .set({ rows: planned, mapping, layout: signature })
        .where(and(eq(imports.id, id), isNull(imports.committedAt)))
        .returning();
      if (!updated) throw new AppError('import_committed');
      if (signature) await importLayoutsStore.save(tx, signature, lines, columns, user.id);
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'import.mapping',
          targetType: 'import',
          targetId: id,
          before: { mapping: (rec.mapping as StoredMapping | null)?.columns ?? null },
          after: { header: input.header, mapping: columns, saved_for_layout: Boolean(signature) },
        });
      return summary(updated);
    });
  },

  async detail(db: Db, user: UserRow, id: number, query: { page: number; perPage: number; outcome?: TImportOutcome }, lang: TLang) {
    const rec = await findOwn(db, id, user);
    const all = (rec.rows as PlannedRow[]).filter((r) => !query.outcome || r.outcome === query.outcome);
    const start = (query.page - 1) * query.perPage;
    return { summary: summary(rec), rows: all.slice(start, start + query.perPage).map((r) => toRow(r, lang)), total: all.length };
  },

  /**
   * Applies every valid row in one transaction. Rows are planned again inside it (a code received or saved since the
   * preview is taken into account); inserts go in batches; a code taken by a concurrent receipt counts as a duplicate.
   */
  async commit(db: Db, user: UserRow, id: number, actor: Actor): Promise<TImportSummary> {
    await findOwn(db, id, user);
    const rec = await db.transaction(async (tx) => {
      const [locked] = await tx
        .update(imports)
        .set({ committedAt: new Date() })
        .where(and(eq(imports.id, id), isNull(imports.committedAt)))
        .returning();
      if (!locked) throw new AppError('import_committed');
      const stored = locked.rows as PlannedRow[];
      const raw: RawImportRow[] = stored
        .filter((r) => r.outcome === 'new_order' || r.outcome === 'unclaimed')
        .map((r) => ({
          row: r.row,
          trackCode: r.track_code,
          weight: r.weight,
          clientCode: r.client_code ?? '',
          name: r.name,
          length: r.dimensions?.length ?? null,
          width: r.dimensions?.width ?? null,
          height: r.dimensions?.height ?? null,
        }));
      // Every code's lock first (ADR 021): a customer saving one of these codes now is either a saver planned here or
      // finds the parcel received.
      await parcels.lockAllCodes(tx);
      const plan = await planRows(tx, raw);
      const result = countRows(stored.filter((r) => r.outcome === 'duplicate' || r.outcome === 'invalid'));
      result.total = stored.length;
      const apply = plan.filter((p) => p.outcome === 'new_order' || p.outcome === 'unclaimed');
      result.duplicate += plan.length - apply.length;
      const orderIds: number[] = [];
      for (const part of chunks(apply, INSERT_CHUNK)) {
        const inserted = await parcels.receive(
          tx,
          part.map((p) => ({
            trackCode: p.track_code,
            weight: p.weight!,
            name: p.name,
            userId: p.customer?.id ?? null,
            branchId: p.customer?.branch_id ?? null,
            ownerSource: p.customer ? (p.owner_source ?? 'saved_track') : null,
            disputedBy: p.disputed_by,
            labelClientCode: p.client_code ? normalizeClientCode(p.client_code) : null,
            dimensions: p.dimensions ?? null,
          })),
          actor,
          { import_id: id },
        );
        // The owners' saved codes point at their parcels (the tracks module's table).
        await tracksLinks.linkOrders(
          tx,
          inserted.filter((o) => o.userId !== null).map((o) => o.id),
        );
        orderIds.push(...inserted.map((o) => o.id));
        result.duplicate += part.length - inserted.length;
        for (const o of inserted) result[o.userId === null ? 'unclaimed' : 'new_order']++;
      }
      const [done] = await tx.update(imports).set({ result, orderIds }).where(eq(imports.id, id)).returning();
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'import.commit',
          targetType: 'import',
          targetId: id,
          before: { committed_at: null },
          after: { committed_at: done!.committedAt?.toISOString() ?? null, result },
        });
      return done!;
    });
    return summary(rec);
  },
};
