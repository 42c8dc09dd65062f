import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZSavedTrack } from '../tracks/saved-track';
import { ZTrackCode } from '../tracks/track-code';
import { ZOrder } from './order';

/** GET orders/lookup?track_code=: the home page's track box, searching only the caller's parcels and saved codes. */
export const ZLookupOrderQuery = z.object({ track_code: ZTrackCode });
export type TLookupOrderQuery = z.input<typeof ZLookupOrderQuery>;
export const ZLookupOrderResult = z.object({
  track_code: z.string(),
  /** 'order': one of the caller's parcels; 'saved_track': saved, not received yet; null: not found (offer to save it). */
  found: z.enum(['order', 'saved_track']).nullable(),
  order: ZOrder.nullable(),
  saved_track: ZSavedTrack.nullable(),
});
export type TLookupOrderResult = z.infer<typeof ZLookupOrderResult>;
export const ZLookupOrderResponse = ZData(ZLookupOrderResult);
export type TLookupOrderResponse = z.infer<typeof ZLookupOrderResponse>;
