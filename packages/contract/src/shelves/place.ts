import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';

/** A shelf as a scan answer shows it. */
export const ZShelfRef = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  zone: z.string(),
  rack: z.number().int(),
  shelf: z.number().int(),
});
export type TShelfRef = z.infer<typeof ZShelfRef>;

const ZScanText = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64, { error: MSG.tooLong });

/** A parcel waiting at the branch with no shelf yet, and the shelf suggested for it. */
export const ZToShelve = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  number: z.string(),
  client_code: z.string().nullable(),
  arrived_at: z.string().nullable(),
  /** The shelf where the owner's other waiting parcels are, else the least-filled active shelf (null: no shelves). */
  suggested: ZShelfRef.nullable(),
});
export type TToShelve = z.infer<typeof ZToShelve>;

/** GET manage/shelves/unshelved?branch_id: parcels waiting here without a shelf, newest arrival first (at most 200). */
export const ZUnshelvedQuery = z.object({ branch_id: z.coerce.number().int().positive().optional() });
export const ZUnshelvedResponse = ZData(z.object({ parcels: z.array(ZToShelve), total: z.number().int() }));
export type TUnshelvedResponse = z.infer<typeof ZUnshelvedResponse>;

/** POST manage/shelves/suggest: the suggestion for one scanned parcel (and where it sits now, if shelved). */
export const ZSuggestShelfRequest = z.strictObject({ parcel: ZScanText, branch_id: ZId.optional() });
export const ZSuggestShelfResponse = ZData(
  z.object({ order_id: z.number().int(), track_code: z.string(), current: ZShelfRef.nullable(), suggested: ZShelfRef.nullable() }),
);
export type TSuggestShelf = z.infer<typeof ZSuggestShelfResponse>['data'];

/**
 * POST manage/shelves/place: put a scanned parcel (tracking code or our P number) on a scanned shelf (its L code, or its
 * name "A-03-2"): shelving after arrival and moving are the same call. The parcel goes where the shelf scanned says,
 * even when another was suggested (`matches_suggestion` false: the screen shows it). Two clerks placing one parcel at
 * once: both succeed and the last write is its one place.
 */
export const ZPlaceParcelRequest = z.strictObject({ parcel: ZScanText, shelf: ZScanText, branch_id: ZId.optional() });
export type TPlaceParcelRequest = z.input<typeof ZPlaceParcelRequest>;
export const ZPlaceParcel = z.object({
  order_id: z.number().int(),
  track_code: z.string(),
  shelf: ZShelfRef,
  /** Where it was before (a move), or null (shelved for the first time). */
  previous: ZShelfRef.nullable(),
  suggested: ZShelfRef.nullable(),
  matches_suggestion: z.boolean(),
});
export type TPlaceParcel = z.infer<typeof ZPlaceParcel>;
export const ZPlaceParcelResponse = ZData(ZPlaceParcel);

/** One line of the hand-over's pick list: a parcel and its shelf (null: not shelved, listed last). */
export const ZPickLine = z.object({ order_id: z.number().int(), track_code: z.string(), shelf: ZShelfRef.nullable() });
export type TPickLine = z.infer<typeof ZPickLine>;
