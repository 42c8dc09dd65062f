import { z } from 'zod';
import { ZOrderStatusRef } from '../orders/order';

export const TRACK_NAME_MAX_LENGTH = 100;

/** A tracking code the customer saved; `order` is set once the parcel reached the warehouse and matched. */
export const ZSavedTrack = z.object({
  id: z.number().int(),
  track_code: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  order: z.object({ id: z.number().int(), status: ZOrderStatusRef }).nullable(),
  /**
   * The parcel with this code is at the warehouse but several customers saved the code: staff are checking whose it
   * is (nothing else about it is shown).
   */
  checking: z.boolean(),
  /**
   * The parcel with this code was given to another customer (after a check of a disputed code, or by its label):
   * it is not the caller's and will not become theirs (nothing else about it is shown).
   */
  given_to_other: z.boolean(),
});
export type TSavedTrack = z.infer<typeof ZSavedTrack>;
