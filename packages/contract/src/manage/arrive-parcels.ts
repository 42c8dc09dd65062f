import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZTrackCode } from '../tracks/track-code';
import { MAX_CODES_PER_CALL, ZScanCounts, ZScanResult } from './manage-common';

/**
 * POST manage/arrive: branch staff scan parcels that reached their branch (admins name the branch).
 * Each in_transit parcel addressed here moves to at_branch with its price and last free storage day.
 * A parcel addressed to another branch is answered as other_branch and left alone, unless accept_other_branch
 * is true (the screen sends it after staff confirm): then it is re-addressed here, and the history says so.
 */
export const ZArriveRequest = z.strictObject({
  track_codes: z.array(ZTrackCode).min(1).max(MAX_CODES_PER_CALL),
  branch_id: ZId.optional(),
  accept_other_branch: z.boolean().optional(),
});
export type TArriveRequest = z.input<typeof ZArriveRequest>;

export const ZArriveResult = z.object({ counts: ZScanCounts, results: z.array(ZScanResult) });
export type TArriveResult = z.infer<typeof ZArriveResult>;
export const ZArriveResponse = ZData(ZArriveResult);
export type TArriveResponse = z.infer<typeof ZArriveResponse>;
