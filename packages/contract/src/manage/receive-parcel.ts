import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZTrackCode } from '../tracks/track-code';
import { ZClientCode } from '../parcels/client-code';
import { MAX_PARCEL_PHOTOS, PHOTO_URL_PATTERN } from '../parcels/photo-types';
import { ZWeightKg } from '../parcels/weight';
import { ZDimensionsCm } from '../parcels/chargeable-weight';
import { ZManageParcel } from './manage-common';

/** POST manage/receive: warehouse staff receive and weigh one parcel. */
export const ZReceiveParcelRequest = z.strictObject({
  track_code: ZTrackCode,
  weight: ZWeightKg,
  /** The client code written on the label, when there is one. */
  label_client_code: z
    .union([ZClientCode, z.literal('').transform(() => undefined)])
    .optional()
    .nullable(),
  /** Length, width and height in cm, when measured: the volumetric weight is computed from them. */
  dimensions: ZDimensionsCm.optional().nullable(),
  /** Addresses answered by manage/photos. */
  photos: z
    .array(z.string().regex(PHOTO_URL_PATTERN, { error: MSG.invalidValue }))
    .max(MAX_PARCEL_PHOTOS, { error: MSG.tooLong })
    .optional(),
});
export type TReceiveParcelRequest = z.input<typeof ZReceiveParcelRequest>;

/**
 * How the owner was found: a customer saved the code, the label's client code, nobody (unclaimed), or several
 * customers saved the code and the label named none of them (disputed: held without an owner until staff assign it).
 */
export const RECEIVE_MATCHES = ['saved_track', 'label', 'unclaimed', 'disputed'] as const;
export const ZReceiveMatch = z.enum(RECEIVE_MATCHES);
export type TReceiveMatch = z.infer<typeof ZReceiveMatch>;

export const ZReceiveParcelResult = z.object({
  parcel: ZManageParcel,
  matched_by: ZReceiveMatch,
  /** The result in a sentence, in the request's language. */
  message: z.string(),
  /** Set when the label's client code names no customer. */
  warning: z.string().nullable(),
});
export type TReceiveParcelResult = z.infer<typeof ZReceiveParcelResult>;
export const ZReceiveParcelResponse = ZData(ZReceiveParcelResult);
export type TReceiveParcelResponse = z.infer<typeof ZReceiveParcelResponse>;
