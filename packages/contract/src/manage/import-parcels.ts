import { z } from 'zod';
import { ZData, ZPageMeta } from '../common/envelope';
import { ZPageQuery } from '../common/pagination';
import { ZIdParam } from '../common/fields';

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

export const ZImportRow = z.object({
  /** The row number in the file (1 is the first line, the header when there is one). */
  row: z.number().int(),
  track_code: z.string(),
  weight: z.number().nullable(),
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
