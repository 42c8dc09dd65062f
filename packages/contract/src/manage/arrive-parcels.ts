import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZTrackCode } from '../tracks/track-code';
import { ZWeightKg } from '../parcels/weight';
import { ZWeightCheck } from '../weights/weight-checks';
import { MAX_CODES_PER_CALL, ZScanCounts, ZScanResult } from './manage-common';

/** A re-addressing's reason: what the branch the parcel was going to reads in its worklist. */
export const READDRESS_REASON_LENGTH = { min: 3, max: 500 } as const;

/**
 * POST manage/arrive: branch staff scan parcels that reached their branch (admins name the branch).
 * Each in_transit parcel addressed here moves to at_branch with its price and last free storage day.
 * A parcel addressed to another branch is answered as other_branch and left alone, unless accept_other_branch
 * is true (the screen sends it after staff confirm) with a reason (3–500 characters): then it is re-addressed here,
 * the branch it was going to finds it in its worklist `readdressed` with the reason, the owner is told their pickup
 * branch changed, and the history and audit log keep both.
 */
export const ZArriveRequest = z
  .strictObject({
    track_codes: z.array(ZTrackCode).min(1).max(MAX_CODES_PER_CALL),
    branch_id: ZId.optional(),
    accept_other_branch: z.boolean().optional(),
    reason: z
      .string({ error: MSG.readdressReason })
      .trim()
      .min(READDRESS_REASON_LENGTH.min, { error: MSG.readdressReason })
      .max(READDRESS_REASON_LENGTH.max, { error: MSG.tooLong })
      .optional(),
    /** The weight on the branch's scale, for a single parcel's arrival (ADR 089): recorded as its branch weighing. */
    branch_weight: ZWeightKg.optional(),
  })
  .refine((v) => !v.accept_other_branch || v.reason !== undefined, { error: MSG.readdressReason, path: ['reason'] })
  .refine((v) => v.branch_weight === undefined || v.track_codes.length === 1, { error: MSG.invalidValue, path: ['branch_weight'] });
export type TArriveRequest = z.input<typeof ZArriveRequest>;

export const ZArriveResult = z.object({
  counts: ZScanCounts,
  results: z.array(ZScanResult),
  /** What the branch weighing sent with a single parcel's arrival came to (absent without one). */
  weight_check: ZWeightCheck.optional(),
});
export type TArriveResult = z.infer<typeof ZArriveResult>;
export const ZArriveResponse = ZData(ZArriveResult);
export type TArriveResponse = z.infer<typeof ZArriveResponse>;
