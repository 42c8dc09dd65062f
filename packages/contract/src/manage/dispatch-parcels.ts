import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZPageQuery } from '../common/pagination';
import { ZTrackCode } from '../tracks/track-code';
import { MAX_CODES_PER_CALL, ZManageParcel, ZScanCounts, ZScanResult } from './manage-common';

/** The filter of the dispatch list: part of the code, and the destination branch. */
export const ZDispatchFilter = z.strictObject({
  q: z.string().trim().max(40).optional(),
  branch_id: ZId.optional(),
});
export type TDispatchFilter = z.infer<typeof ZDispatchFilter>;

/** GET manage/dispatch: owned parcels at china_warehouse, oldest first (unclaimed ones have no destination and wait). */
export const ZDispatchListQuery = ZPageQuery.extend(ZDispatchFilter.shape);
export type TDispatchListQuery = z.input<typeof ZDispatchListQuery>;
/**
 * A parcel of the dispatch list, with the personal number its owner lacks for its country's customs (ADR 084; null:
 * nothing missing). Dispatching it is refused (422 customs_id_missing) until the customer adds it. The number itself
 * is never shown here.
 */
export const ZDispatchParcel = ZManageParcel.extend({ customs_id_missing: z.enum(['iin', 'personal_number']).nullable() });
export type TDispatchParcel = z.infer<typeof ZDispatchParcel>;
export const ZDispatchListResponse = ZPage(ZDispatchParcel);
export type TDispatchListResponse = z.infer<typeof ZDispatchListResponse>;

/**
 * POST manage/dispatch: moves parcels to in_transit in one step. Exactly one of: order_ids (selected rows),
 * track_codes (scanned), all_matching (every parcel the list filter matches).
 */
export const ZDispatchRequest = z
  .strictObject({
    order_ids: z.array(z.number().int().positive()).min(1).max(MAX_CODES_PER_CALL).optional(),
    track_codes: z.array(ZTrackCode).min(1).max(MAX_CODES_PER_CALL).optional(),
    all_matching: ZDispatchFilter.optional(),
    /** The flight they leave on (manage/flights): only parcels for one of its destination branches move. */
    flight_id: ZId.optional(),
  })
  .refine((b) => [b.order_ids, b.track_codes, b.all_matching].filter((v) => v !== undefined).length === 1, {
    error: 'validation.invalid_value',
    path: ['order_ids'],
  });
export type TDispatchRequest = z.input<typeof ZDispatchRequest>;

export const ZDispatchResult = z.object({
  counts: ZScanCounts,
  /** Per scanned code or id that was not moved (and per moved one, for scans). */
  results: z.array(ZScanResult),
  message: z.string(),
});
export type TDispatchResult = z.infer<typeof ZDispatchResult>;
export const ZDispatchResponse = ZData(ZDispatchResult);
export type TDispatchResponse = z.infer<typeof ZDispatchResponse>;
