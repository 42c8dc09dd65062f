import { and, eq, isNull } from 'drizzle-orm';
import {
  isTrackCode,
  isClientCode,
  normalizeClientCode,
  normalizeTrackCode,
  parseWeightKg,
  type TImportCounts,
  type TImportOutcome,
  type TImportRow,
  type TImportSummary,
  type TLang,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { imports } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { parcels, type Actor, type OwnerSource } from '../parcels/parcels-service';
import { tracksLinks } from '../tracks/tracks-links';
import type { UserRow } from '../users/users-repository';
import type { RawImportRow } from './import-parse';
import { chunks, manageRepository } from './manage-repository';
import { manageText, type ManageText } from './manage-messages';
import { matchOwner } from './receive-service';

/** A planned row as kept in imports.rows: the reason is a message key, rendered in the reader's language. */
export interface PlannedRow {
  row: number;
  track_code: string;
  weight: number | null;
  client_code: string | null;
  name: string;
  outcome: TImportOutcome;
  customer: { id: number; client_code: string; name: string; branch_id: number | null } | null;
  reason: { key: ManageText; params: Record<string, string | number> } | null;
  /** How the customer was found (ADR 021). */
  owner_source?: OwnerSource | null;
  /** Several customers saved the code and the label named none: received as disputed (counted as unclaimed). */
  disputed_by?: number[];
}

const INSERT_CHUNK = 1000;

function emptyCounts(): TImportCounts {
  return { total: 0, new_order: 0, unclaimed: 0, duplicate: 0, invalid: 0 };
}

function countRows(rows: { outcome: TImportOutcome }[]): TImportCounts {
  const c = emptyCounts();
  for (const r of rows) {
    c.total++;
    c[r.outcome]++;
  }
  return c;
}

/** What each row would do now: the same rules as receiving one parcel, with duplicates in the file and in the database. */
export async function planRows(db: DbOrTx, raw: RawImportRow[]): Promise<PlannedRow[]> {
  const prepared = raw.map((r) => {
    const code = normalizeTrackCode(r.trackCode);
    const typed = r.clientCode.replace(/\s+/g, '').toUpperCase();
    const client = normalizeClientCode(typed) ?? typed;
    return { r, code, client, weight: parseWeightKg(r.weight) };
  });
  const validCodes = [...new Set(prepared.filter((p) => isTrackCode(p.code)).map((p) => p.code))];
  const clientCodes = prepared.filter((p) => isClientCode(p.client)).map((p) => p.client);
  // One after another: inside a transaction the queries share one connection.
  const existing = await manageRepository.existingCodes(db, validCodes);
  const savers = await manageRepository.saversOf(db, validCodes);
  const byClientCode = await manageRepository.customersByClientCodes(db, clientCodes);
  const firstRowOf = new Map<string, number>();
  return prepared.map(({ r, code, client, weight }) => {
    const base = { row: r.row, track_code: code, weight, client_code: client || null, name: r.name, customer: null };
    const invalid = (key: ManageText): PlannedRow => ({ ...base, outcome: 'invalid', reason: { key, params: {} } });
    if (!code) return invalid('import_no_code');
    if (!isTrackCode(code)) return invalid('import_bad_code');
    if (r.weight === null) return invalid('import_no_weight');
    if (weight === null) return invalid('import_bad_weight');
    const first = firstRowOf.get(code);
    if (first !== undefined) return { ...base, outcome: 'duplicate', reason: { key: 'import_repeated', params: { row: first } } };
    firstRowOf.set(code, r.row);
    if (existing.has(code)) return { ...base, outcome: 'duplicate', reason: { key: 'import_exists', params: {} } };
    const clientValid = isClientCode(client);
    const label = clientValid ? client : null;
    const match = matchOwner(savers.get(code), label, label ? byClientCode.get(label) : undefined);
    const reason: PlannedRow['reason'] =
      client && !clientValid
        ? { key: 'import_bad_client', params: { code: client } }
        : label && !byClientCode.has(label)
          ? { key: 'label_unknown', params: { code: label } }
          : null;
    if (match.matchedBy === 'disputed')
      return {
        ...base,
        outcome: 'unclaimed',
        reason: { key: 'import_disputed', params: { count: match.savers.length } },
        disputed_by: match.savers.map((s) => s.id),
      };
    if (!match.owner) return { ...base, outcome: 'unclaimed', reason };
    const o = match.owner;
    return {
      ...base,
      name: r.name || match.name,
      outcome: 'new_order',
      customer: { id: o.id, client_code: o.clientCode, name: `${o.firstName} ${o.lastName}`.trim(), branch_id: o.branchId },
      reason,
      owner_source: match.source,
    };
  });
}

function toRow(p: PlannedRow, lang: TLang): TImportRow {
  return {
    row: p.row,
    track_code: p.track_code,
    weight: p.weight,
    client_code: p.client_code,
    name: p.name,
    outcome: p.outcome,
    customer: p.customer ? { id: p.customer.id, client_code: p.customer.client_code, name: p.customer.name } : null,
    reason: p.reason ? manageText(p.reason.key, lang, p.reason.params) : null,
  };
}

type ImportRecord = typeof imports.$inferSelect;

function summary(rec: ImportRecord): TImportSummary {
  const rows = rec.rows as PlannedRow[];
  return {
    id: rec.id,
    file_name: rec.fileName,
    created_at: rec.createdAt.toISOString(),
    committed_at: rec.committedAt ? rec.committedAt.toISOString() : null,
    counts: countRows(rows),
    result: (rec.result as TImportCounts | null) ?? null,
  };
}

async function findOwn(db: DbOrTx, id: number, user: UserRow): Promise<ImportRecord> {
  const [rec] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  if (!rec || (user.role !== 'admin' && rec.staffUserId !== user.id)) throw notFound();
  return rec;
}

export const importService = {
  async preview(db: Db, user: UserRow, fileName: string, raw: RawImportRow[], actor: Actor): Promise<TImportSummary> {
    if (!raw.length) throw new AppError('import_file_invalid');
    const planned = await planRows(db, raw);
    const rec = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(imports)
        .values({ staffUserId: user.id, fileName: fileName.slice(0, 200), rows: planned })
        .returning();
      const made = summary(inserted!);
      if (actor.audit)
        await recordAudit(tx, {
          actor: actor.audit,
          action: 'import.preview',
          targetType: 'import',
          targetId: made.id,
          after: { file_name: made.file_name, counts: made.counts },
        });
      return made;
    });
    return rec;
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
        .map((r) => ({ row: r.row, trackCode: r.track_code, weight: r.weight, clientCode: r.client_code ?? '', name: r.name }));
      // Every code's lock first (ADR 021): a customer saving one of these codes now is either a saver planned here or
      // finds the parcel received.
      await parcels.lockAllCodes(tx);
      const plan = await planRows(tx, raw);
      const result = countRows(stored.filter((r) => r.outcome === 'duplicate' || r.outcome === 'invalid'));
      result.total = stored.length;
      const apply = plan.filter((p) => p.outcome === 'new_order' || p.outcome === 'unclaimed');
      result.duplicate += plan.length - apply.length;
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
          })),
          actor,
          { import_id: id },
        );
        // The owners' saved codes point at their parcels (the tracks module's table).
        await tracksLinks.linkOrders(
          tx,
          inserted.filter((o) => o.userId !== null).map((o) => o.id),
        );
        result.duplicate += part.length - inserted.length;
        for (const o of inserted) result[o.userId === null ? 'unclaimed' : 'new_order']++;
      }
      const [done] = await tx.update(imports).set({ result }).where(eq(imports.id, id)).returning();
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
