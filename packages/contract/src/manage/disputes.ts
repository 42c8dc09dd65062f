import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId, ZIdParam } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { ZManageParcel } from './manage-common';

/** The longest note staff give when they assign a disputed parcel. */
export const DISPUTE_NOTE_MAX_LENGTH = 500;

/**
 * GET manage/disputes (warehouse staff, admins): parcels held as disputed — several customers saved the code and the
 * label named none of them, or a second customer saved the code of a parcel the first had only by saving it —
 * oldest first; q matches part of the tracking code.
 */
export const ZDisputesQuery = ZPageQuery.extend({ q: z.string().trim().max(40).optional() });
export type TDisputesQuery = z.input<typeof ZDisputesQuery>;

/** A customer who saved the disputed code (staff only: names, client code, phone, when they saved it). */
export const ZDisputeSaver = z.object({
  user_id: z.number().int(),
  client_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  /** The name they gave the saved code, if any. */
  name: z.string().nullable(),
  saved_at: z.string(),
});
export type TDisputeSaver = z.infer<typeof ZDisputeSaver>;

export const ZDispute = z.object({
  parcel: ZManageParcel,
  disputed_at: z.string(),
  /** Earliest saver first. */
  savers: z.array(ZDisputeSaver),
});
export type TDispute = z.infer<typeof ZDispute>;
export const ZDisputesResponse = ZPage(ZDispute);
export type TDisputesResponse = z.infer<typeof ZDisputesResponse>;

/**
 * POST manage/disputes/{id}/assign: gives the disputed parcel to one of its savers after checking (422
 * dispute_not_saver for anyone else; 409 dispute_resolved when it is no longer disputed, e.g. a concurrent assign won).
 */
export const ZAssignDisputeParams = ZIdParam;
export const ZAssignDisputeRequest = z.strictObject({
  user_id: ZId,
  /** Why this customer: what staff checked (kept in the parcel's history and the audit log, never shown to customers). */
  note: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(DISPUTE_NOTE_MAX_LENGTH, { error: MSG.tooLong }),
});
export type TAssignDisputeRequest = z.input<typeof ZAssignDisputeRequest>;
export const ZAssignDisputeResponse = ZData(ZManageParcel);
export type TAssignDisputeResponse = z.infer<typeof ZAssignDisputeResponse>;

/**
 * POST manage/disputes/{id}/release: when every customer who saved a disputed code has deleted it, nobody is left to
 * give the parcel to; staff release it to the unclaimed parcels (where it can be given to any customer who proves it
 * theirs), with a note. 422 dispute_has_savers while anyone still saves the code; 409 dispute_resolved when it is no
 * longer disputed.
 */
export const ZReleaseDisputeParams = ZIdParam;
export const ZReleaseDisputeRequest = z.strictObject({
  note: ZAssignDisputeRequest.shape.note,
});
export type TReleaseDisputeRequest = z.input<typeof ZReleaseDisputeRequest>;
export const ZReleaseDisputeResponse = ZData(ZManageParcel);
export type TReleaseDisputeResponse = z.infer<typeof ZReleaseDisputeResponse>;
