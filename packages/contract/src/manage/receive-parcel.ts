import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZTrackCode } from '../tracks/track-code';
import { ZClientCode } from '../parcels/client-code';
import { MAX_PARCEL_PHOTOS, PHOTO_URL_PATTERN } from '../parcels/photo-types';
import { ZWeightKg } from '../parcels/weight';
import { ZDimensionsCm } from '../parcels/chargeable-weight';
import { ZManageParcel } from './manage-common';
import { MAX_BOXES } from './labels';

/** POST manage/receive: warehouse staff receive and weigh one parcel. */
export const ZReceiveParcelRequest = z
  .strictObject({
    track_code: ZTrackCode,
    /** The whole parcel's weight; with box_weights, their sum (a differing weight is refused). */
    weight: ZWeightKg.optional(),
    /** Received as several boxes under this one code (issue 35): each gets its own label, "box k of n". */
    boxes: z
      .number({ error: MSG.invalidValue })
      .int({ error: MSG.invalidValue })
      .min(1, { error: MSG.invalidValue })
      .max(MAX_BOXES, { error: MSG.invalidValue })
      .optional(),
    /** Each box weighed apart, box 1 first (as many as boxes): the parcel's weight is their sum. */
    box_weights: z.array(ZWeightKg).min(1, { error: MSG.invalidValue }).max(MAX_BOXES, { error: MSG.tooLong }).optional(),
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
  })
  .superRefine((v, ctx) => {
    if (v.weight === undefined && !v.box_weights) ctx.addIssue({ code: 'custom', path: ['weight'], message: MSG.required });
    if (v.box_weights && v.box_weights.length !== (v.boxes ?? v.box_weights.length))
      ctx.addIssue({ code: 'custom', path: ['box_weights'], message: MSG.invalidValue });
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
