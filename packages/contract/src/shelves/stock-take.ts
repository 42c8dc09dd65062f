import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZZone } from './locations';
import { ZShelfRef } from './place';

/**
 * A blind count of one zone of a branch (issue 35, ADR 083): started (one open count per zone at a time), the counter
 * scans shelves and parcels without seeing what is expected, finished → differences, each decided once and audited.
 */
export const STOCK_TAKE_DIFFERENCES = ['missing', 'extra', 'wrong_shelf'] as const;
export const ZStockTakeDifferenceKind = z.enum(STOCK_TAKE_DIFFERENCES);
/** missing → mark_missing (to the Missing worklist) or found; extra → place_here; wrong_shelf → move. */
export const STOCK_TAKE_DECISIONS = { missing: ['mark_missing', 'found'], extra: ['place_here'], wrong_shelf: ['move'] } as const;
export const ZStockTakeDecision = z.enum(['mark_missing', 'found', 'place_here', 'move'], { error: MSG.invalidValue });
export type TStockTakeDecision = z.infer<typeof ZStockTakeDecision>;

export const ZStockTakeDifference = z.object({
  id: z.number().int(),
  kind: ZStockTakeDifferenceKind,
  order_id: z.number().int(),
  track_code: z.string(),
  number: z.string(),
  /** Where our records had it (null: nowhere in this zone, or not at this branch). */
  expected: ZShelfRef.nullable(),
  /** Where the counter found it (null: not found). */
  found: ZShelfRef.nullable(),
  /** An extra parcel that is not waiting at this branch (another branch's, or not arrived): cannot be placed here. */
  not_here: z.boolean(),
  decision: ZStockTakeDecision.nullable(),
  decided_at: z.string().nullable(),
});
export type TStockTakeDifference = z.infer<typeof ZStockTakeDifference>;

export const ZStockTake = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  zone: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** What the counter scanned so far: parcels and shelves (never what is expected: the count is blind). */
  scanned_parcels: z.number().int(),
  scanned_shelves: z.number().int(),
  /** After the finish: the differences, with their decisions; empty while open. */
  differences: z.array(ZStockTakeDifference),
});
export type TStockTake = z.infer<typeof ZStockTake>;
export const ZStockTakeResponse = ZData(ZStockTake);
export type TStockTakeResponse = z.infer<typeof ZStockTakeResponse>;

/** GET manage/stock-takes?branch_id: the branch's zones (with shelves) and its counts, open first then the latest 20. */
export const ZStockTakesQuery = z.object({ branch_id: z.coerce.number().int().positive().optional() });
export const ZStockTakesResponse = ZData(
  z.object({
    zones: z.array(z.string()),
    counts: z.array(ZStockTake.omit({ differences: true }).extend({ open_differences: z.number().int() })),
  }),
);
export type TStockTakes = z.infer<typeof ZStockTakesResponse>['data'];

/** POST manage/stock-takes: start a count of a zone (409 stock_take_open while one is open there). */
export const ZStartStockTakeRequest = z.strictObject({ zone: ZZone, branch_id: ZId.optional() });
export type TStartStockTakeRequest = z.input<typeof ZStartStockTakeRequest>;

export const ZStockTakeParams = z.object({ id: ZId });
export const ZStockTakeQuery = z.object({ branch_id: z.coerce.number().int().positive().optional() });

/**
 * POST manage/stock-takes/{id}/scans: one scan. A shelf's code of this zone makes it the current shelf (the answer
 * names it; the screen sends its id with the next parcels); a parcel's code records it on `shelf_id`. A parcel scanned
 * again counts where it was scanned last.
 */
export const ZStockTakeScanRequest = z.strictObject({
  code: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64, { error: MSG.tooLong }),
  shelf_id: ZId.optional(),
  branch_id: ZId.optional(),
});
export type TStockTakeScanRequest = z.input<typeof ZStockTakeScanRequest>;
export const ZStockTakeScan = z.object({
  kind: z.enum(['shelf', 'parcel']),
  shelf: ZShelfRef,
  track_code: z.string().nullable(),
  scanned_parcels: z.number().int(),
  scanned_shelves: z.number().int(),
});
export type TStockTakeScan = z.infer<typeof ZStockTakeScan>;
export const ZStockTakeScanResponse = ZData(ZStockTakeScan);

/** POST manage/stock-takes/{id}/finish: closes the count and lists the differences (once: 409 stock_take_finished). */
export const ZFinishStockTakeRequest = z.strictObject({ branch_id: ZId.optional() });

export const ZStockTakeDecisionParams = z.object({ id: ZId, differenceId: ZId });
/** POST manage/stock-takes/{id}/differences/{differenceId}: the decision, once (409 stock_take_decided), audited. */
export const ZDecideDifferenceRequest = z.strictObject({ decision: ZStockTakeDecision, branch_id: ZId.optional() });
export type TDecideDifferenceRequest = z.input<typeof ZDecideDifferenceRequest>;
export const ZDecideDifferenceResponse = ZData(ZStockTakeDifference);

/** GET manage/missing?branch_id: parcels marked missing after a count and not found since (for claims later). */
export const ZMissingParcel = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  number: z.string(),
  client_code: z.string().nullable(),
  last_shelf: ZShelfRef.nullable(),
  stock_take_id: z.number().int(),
  marked_at: z.string(),
});
export type TMissingParcel = z.infer<typeof ZMissingParcel>;
export const ZMissingQuery = z.object({ branch_id: z.coerce.number().int().positive().optional() });
export const ZMissingResponse = ZData(z.array(ZMissingParcel));
