import {
  chargeableWeightKg,
  isClientCode,
  isTrackCode,
  normalizeClientCode,
  normalizeTrackCode,
  parseWeightKg,
  ZDimensionsCm,
  type TDimensionsCm,
  type TImportCounts,
  type TImportOutcome,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import type { OwnerSource } from '../parcels/parcels-service';
import { settingsRepository } from '../settings/settings-repository';
import type { RawImportRow } from './import-parse';
import { manageRepository } from './manage-repository';
import type { ManageText } from './manage-messages';
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
  /** Sides in cm from the dimension columns (ADR 074); the volumetric weight is computed at receipt as by hand. */
  dimensions?: TDimensionsCm | null;
  /** The larger of real and volumetric weight with the divisor in force at the preview (shown, not stored). */
  chargeable_weight?: number | null;
}

function emptyCounts(): TImportCounts {
  return { total: 0, new_order: 0, unclaimed: 0, duplicate: 0, invalid: 0 };
}

export function countRows(rows: { outcome: TImportOutcome }[]): TImportCounts {
  const c = emptyCounts();
  for (const r of rows) {
    c.total++;
    c[r.outcome]++;
  }
  return c;
}

/** A side in cm as a cell gives it: a number, or a text with a comma or a point (and maybe "cm"/"см"). */
function sideCm(v: string | number | null | undefined): number | null {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return null;
  const cleaned = v
    .replace(/\s+/g, '')
    .replace(/(cm|см)$/i, '')
    .replace(',', '.');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The row's dimensions: none (no cell filled), valid (all three, as receipt by hand accepts them), or refused. */
function dimensionsOf(r: RawImportRow): { ok: boolean; value: TDimensionsCm | null } {
  const sides = [r.length, r.width, r.height].map(sideCm);
  if (sides.every((s) => s === null)) return { ok: true, value: null };
  const parsed = ZDimensionsCm.safeParse({ length: sides[0], width: sides[1], height: sides[2] });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, value: null };
}

/** What each row would do now: the same rules as receiving one parcel, with duplicates in the file and in the database. */
export async function planRows(db: DbOrTx, raw: RawImportRow[]): Promise<PlannedRow[]> {
  const prepared = raw.map((r) => {
    const code = normalizeTrackCode(r.trackCode);
    const typed = r.clientCode.replace(/\s+/g, '').toUpperCase();
    const client = normalizeClientCode(typed) ?? typed;
    return { r, code, client, weight: parseWeightKg(r.weight), dims: dimensionsOf(r) };
  });
  // The divisor in force, read only when a row has dimensions (receipt reads it again when it stores them).
  const divisor = prepared.some((p) => p.dims.value) ? await settingsRepository.volumetricDivisor(db) : null;
  const validCodes = [...new Set(prepared.filter((p) => isTrackCode(p.code)).map((p) => p.code))];
  const clientCodes = prepared.filter((p) => isClientCode(p.client)).map((p) => p.client);
  // One after another: inside a transaction the queries share one connection.
  const existing = await manageRepository.existingCodes(db, validCodes);
  const savers = await manageRepository.saversOf(db, validCodes);
  const byClientCode = await manageRepository.customersByClientCodes(db, clientCodes);
  const firstRowOf = new Map<string, number>();
  return prepared.map(({ r, code, client, weight, dims }) => {
    const base = {
      row: r.row,
      track_code: code,
      weight,
      client_code: client || null,
      name: r.name,
      customer: null,
      dimensions: dims.value,
      chargeable_weight: weight !== null && divisor !== null ? chargeableWeightKg(weight, dims.value, divisor) : weight,
    };
    const invalid = (key: ManageText): PlannedRow => ({ ...base, outcome: 'invalid', reason: { key, params: {} } });
    if (!code) return invalid('import_no_code');
    if (!isTrackCode(code)) return invalid('import_bad_code');
    if (r.weight === null) return invalid('import_no_weight');
    if (weight === null) return invalid('import_bad_weight');
    if (!dims.ok) return invalid('import_bad_dimensions');
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
