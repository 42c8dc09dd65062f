import { z } from 'zod';
import { ZData, ZPageMeta } from '../common/envelope';
import { ZPageQuery } from '../common/pagination';
import { ZIdParam } from '../common/fields';
import { MSG } from '../common/messages';

/** A spreadsheet of at most this many data rows and this many bytes. */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A .csv cell of at most this many characters (as much as Excel holds) and a row of at most this many cells. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
export const IMPORT_MAX_COLUMNS = 256;
export const IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;

/** What committing a row will do. */
export const IMPORT_OUTCOMES = ['new_order', 'unclaimed', 'duplicate', 'invalid'] as const;
export const ZImportOutcome = z.enum(IMPORT_OUTCOMES);
export type TImportOutcome = z.infer<typeof ZImportOutcome>;

/**
 * The fields a row is read into (ADR 074): a column of the file is mapped to each; track and weight are required,
 * the dimensions (cm) optional, all three or none.
 */
export const IMPORT_FIELDS = ['track', 'weight', 'client', 'name', 'length', 'width', 'height'] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_REQUIRED_FIELDS: readonly TImportField[] = ['track', 'weight'];

const ZColumnIndex = z
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(IMPORT_MAX_COLUMNS - 1, { error: MSG.invalidValue })
  .nullable();

/** Which column (0-based) each field is read from; null: not in the file. */
export const ZImportColumns = z.strictObject({
  track: ZColumnIndex,
  weight: ZColumnIndex,
  client: ZColumnIndex,
  name: ZColumnIndex,
  length: ZColumnIndex,
  width: ZColumnIndex,
  height: ZColumnIndex,
});
export type TImportColumns = z.infer<typeof ZImportColumns>;

/**
 * POST manage/imports/{id}/mapping: read the uploaded file again with these columns (and whether its first line is a
 * header); with a header, the mapping is kept for that layout and applied to the next file with the same headers.
 */
export const ZImportMappingRequest = z
  .strictObject({ header: z.boolean({ error: MSG.invalidValue }), columns: ZImportColumns })
  .refine((m) => m.columns.track !== null, { error: MSG.required, path: ['columns', 'track'] })
  .refine((m) => m.columns.weight !== null, { error: MSG.required, path: ['columns', 'weight'] })
  .refine(
    (m) => {
      const used = Object.values(m.columns).filter((c) => c !== null);
      return new Set(used).size === used.length;
    },
    { error: MSG.invalidValue, path: ['columns'] },
  )
  .refine(
    (m) => {
      const dims = [m.columns.length, m.columns.width, m.columns.height].filter((c) => c !== null).length;
      return dims === 0 || dims === 3;
    },
    { error: MSG.invalidValue, path: ['columns', 'length'] },
  );
export type TImportMappingRequest = z.input<typeof ZImportMappingRequest>;

/** How the file's columns were read: found in a saved layout, detected from the headers, by position, or chosen now. */
export const IMPORT_MAPPING_SOURCES = ['saved', 'detected', 'positional', 'manual'] as const;

export const ZImportLayout = z.object({
  /** Each column of the file: its header (null without one) and the first data row's value, to recognise it. */
  columns: z.array(z.object({ index: z.number().int(), header: z.string().nullable(), sample: z.string() })),
  header: z.boolean(),
  mapping: ZImportColumns,
  source: z.enum(IMPORT_MAPPING_SOURCES),
});
export type TImportLayout = z.infer<typeof ZImportLayout>;

export const ZImportRow = z.object({
  /** The row number in the file (1 is the first line, the header when there is one). */
  row: z.number().int(),
  track_code: z.string(),
  weight: z.number().nullable(),
  /** Sides in cm when the file has dimension columns; the chargeable weight is then the larger of real and volumetric. */
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  chargeable_weight: z.number().nullable(),
  client_code: z.string().nullable(),
  name: z.string(),
  outcome: ZImportOutcome,
  /** For new_order: the customer it goes to. */
  customer: z.object({ id: z.number().int(), client_code: z.string(), name: z.string() }).nullable(),
  /** Why a row is a duplicate or invalid, or a warning, in the request's language. */
  reason: z.string().nullable(),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportCounts = z.object({
  total: z.number().int(),
  new_order: z.number().int(),
  unclaimed: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
});
export type TImportCounts = z.infer<typeof ZImportCounts>;

export const ZImportSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  counts: ZImportCounts,
  /** After commit: what was applied (rows that became duplicates since the preview are counted there). */
  result: ZImportCounts.nullable(),
  /** How the columns were read (null for imports kept before ADR 074). */
  layout: ZImportLayout.nullable(),
  /** Undo is possible until then (the committer or an admin, while no parcel has moved on); null before commit. */
  undo_until: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type TImportSummary = z.infer<typeof ZImportSummary>;

/**
 * POST manage/imports (multipart/form-data, one file field: .xlsx or .csv; columns track code, weight in kg,
 * client code, item name — found by header, or in that order when there is no header row): the preview.
 */
export const ZImportPreviewResponse = ZData(ZImportSummary);
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;

/** GET manage/imports/{id}: the summary and a page of rows, optionally of one outcome. */
export const ZImportParams = ZIdParam;
export const ZImportRowsQuery = ZPageQuery.extend({ outcome: ZImportOutcome.optional() });
export type TImportRowsQuery = z.input<typeof ZImportRowsQuery>;
export const ZImportDetailResponse = z.object({ data: ZImportSummary.extend({ rows: z.array(ZImportRow) }), meta: ZPageMeta });
export type TImportDetailResponse = z.infer<typeof ZImportDetailResponse>;

/** POST manage/imports/{id}/commit: applies every valid row in one transaction; answers the summary with result. */
export const ZImportCommitResponse = ZData(ZImportSummary);
export type TImportCommitResponse = z.infer<typeof ZImportCommitResponse>;

/** A committed import can be undone this long after its commit (ADR 074). */
export const IMPORT_UNDO_MINUTES = 60;

/** POST manage/imports/{id}/undo: removes every parcel the import received, while none has moved on. */
export const ZImportUndoResponse = ZData(ZImportSummary);
export type TImportUndoResponse = z.infer<typeof ZImportUndoResponse>;

/** GET manage/imports/{id}/rejected: the invalid and duplicate rows as a file, original cells and the reason per row. */
export const ZImportRejectedQuery = z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type TImportRejectedQuery = z.input<typeof ZImportRejectedQuery>;
