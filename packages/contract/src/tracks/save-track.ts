import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZOrder } from '../orders/order';
import { TRACK_NAME_MAX_LENGTH, ZSavedTrack } from './saved-track';
import { ZTrackCode } from './track-code';

/**
 * POST save-track: saves a tracking code (unique per customer → 409 duplicate_track).
 * If the warehouse already received an unclaimed parcel with that code it becomes the caller's at once (`order`, claimed true);
 * a code whose parcel belongs to someone else → 409 track_owned_by_other.
 */
export const ZSaveTrackRequest = z.strictObject({
  track_code: ZTrackCode,
  name: z
    .string()
    .trim()
    .max(TRACK_NAME_MAX_LENGTH, { error: MSG.tooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TSaveTrackRequest = z.input<typeof ZSaveTrackRequest>;
export const ZSaveTrackResponse = ZData(
  z.object({
    saved_track: ZSavedTrack,
    /** The caller's parcel with this code, if the warehouse has it. */
    order: ZOrder.nullable(),
    /** True when saving attached a parcel nobody had claimed. */
    claimed: z.boolean(),
  }),
);
export type TSaveTrackResponse = z.infer<typeof ZSaveTrackResponse>;
