import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZBranchRef, MAX_CODES_PER_CALL } from '../manage/manage-common';
import { ZTrackCode } from '../tracks/track-code';
import { BAG_LIMITS } from './bag-weight';

/**
 * Bags (sacks) at the China warehouse and their arrival at a branch (issue 35, ADR 082). A bag is opened for one
 * destination branch, filled by scanning parcels (tracking code or our P… number), weighed, sealed when the weighed
 * total is within the admin's tolerance of its parcels + tare, put on a flight (its parcels dispatched in one step),
 * and at the branch one scan of its G… number makes all its parcels arrive; the parcels found in it are then scanned.
 */
export const BAG_STATUSES = ['open', 'sealed', 'dispatched', 'arrived'] as const;
export const ZBagStatus = z.enum(BAG_STATUSES);
export type TBagStatus = z.infer<typeof ZBagStatus>;

export const ZBagWeightCheck = z.object({
  parcels_grams: z.number().int(),
  tare_grams: z.number().int(),
  expected_grams: z.number().int(),
  allowed_grams: z.number().int(),
  difference_grams: z.number().int().nullable(),
  ok: z.boolean(),
});

/** A parcel in a bag, as the bag screens, the label and the manifest show it. */
export const ZBagParcel = z.object({
  id: z.number().int(),
  /** Our number (P…). */
  number: z.string(),
  track_code: z.string(),
  client_code: z.string().nullable(),
  /** kg, three decimals. */
  weight: z.number(),
  branch: ZBranchRef.nullable(),
  status: z.string(),
  /** Scanned at the branch as found in the bag. */
  found: z.boolean(),
});
export type TBagParcel = z.infer<typeof ZBagParcel>;

export const ZBagFlight = z.object({ id: z.number().int(), carrier_ref: z.string(), departure_date: z.string() });

export const ZBag = z.object({
  id: z.number().int(),
  /** Our bag number (G…), what its label prints and the branch scans. */
  number: z.string(),
  status: ZBagStatus,
  branch: ZBranchRef,
  parcels: z.number().int(),
  weighed_grams: z.number().int().nullable(),
  /** The weighing check with the tare and tolerance in force (the ones kept at sealing, once sealed). */
  check: ZBagWeightCheck,
  flight: ZBagFlight.nullable(),
  created_at: z.string(),
  sealed_at: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
});
export type TBag = z.infer<typeof ZBag>;

export const ZBagDetails = ZBag.extend({ items: z.array(ZBagParcel) });
export type TBagDetails = z.infer<typeof ZBagDetails>;

export const ZBagParams = z.strictObject({ id: ZId });
export const ZBagItemParams = z.strictObject({ id: ZId, order_id: ZId });

export const ZBagListQuery = z.strictObject({
  status: ZBagStatus.optional(),
  branch_id: ZId.optional(),
  flight_id: ZId.optional(),
});
export type TBagListQuery = z.infer<typeof ZBagListQuery>;
/** The newest bags first, at most this many per list. */
export const BAG_LIST_LIMIT = 200;
export const ZBagListResponse = ZData(z.array(ZBag));
export const ZBagResponse = ZData(ZBagDetails);
export type TBagResponse = z.infer<typeof ZBagResponse>;

/** POST manage/bags: a new open bag for a destination branch. */
export const ZOpenBagRequest = z.strictObject({ branch_id: ZId });
export type TOpenBagRequest = z.input<typeof ZOpenBagRequest>;

/** POST manage/bags/{id}/items: scanned parcels into an open bag (tracking codes or P… numbers). */
export const ZBagScanRequest = z.strictObject({ codes: z.array(ZTrackCode).min(1).max(MAX_CODES_PER_CALL) });
export type TBagScanRequest = z.input<typeof ZBagScanRequest>;

export const BAG_SCAN_OUTCOMES = [
  'added',
  'already_in_bag',
  'in_other_bag',
  'other_branch',
  'wrong_status',
  'unclaimed',
  'not_found',
  'invalid_number',
] as const;
export const ZBagScanOutcome = z.enum(BAG_SCAN_OUTCOMES);
export type TBagScanOutcome = z.infer<typeof ZBagScanOutcome>;
export const ZBagScanResult = z.object({ code: z.string(), outcome: ZBagScanOutcome, message: z.string() });
export type TBagScanResult = z.infer<typeof ZBagScanResult>;
export const ZBagScanResponse = ZData(z.object({ results: z.array(ZBagScanResult), bag: ZBagDetails }));
export type TBagScanResponse = z.infer<typeof ZBagScanResponse>;

/** POST manage/bags/{id}/weigh: what the scale shows, in grams. */
export const ZWeighBagRequest = z.strictObject({
  weight_grams: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.mustBePositive })
    .max(BAG_LIMITS.maxGrams, { error: MSG.invalidValue }),
});
export type TWeighBagRequest = z.input<typeof ZWeighBagRequest>;

/** POST manage/bags/{id}/dispatch: the sealed bag and all its parcels on a flight that goes to its branch. */
export const ZDispatchBagRequest = z.strictObject({ flight_id: ZId });
export type TDispatchBagRequest = z.input<typeof ZDispatchBagRequest>;

export const LABEL_SIZES = ['58x40', '100x150'] as const;
export const ZBagLabelQuery = z.strictObject({
  format: z.enum(['pdf', 'zpl']).default('pdf'),
  size: z.enum(LABEL_SIZES).default('100x150'),
});

/** GET manage/flights/{id}/manifest: the flight's bags and their parcels as PDF or xlsx. */
export const ZManifestQuery = z.strictObject({
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
  lang: z.enum(['kk', 'ru', 'en']).optional(),
});

/** POST manage/bag-arrival: the branch scans a bag's number; all its parcels arrive. */
export const ZBagArriveRequest = z.strictObject({ code: ZTrackCode, branch_id: ZId.optional() });
export type TBagArriveRequest = z.input<typeof ZBagArriveRequest>;

/** POST manage/bag-arrival/{id}/scan: parcels found in the arrived bag. */
export const ZBagFoundRequest = z.strictObject({
  codes: z.array(ZTrackCode).min(1).max(MAX_CODES_PER_CALL),
  branch_id: ZId.optional(),
});
export type TBagFoundRequest = z.input<typeof ZBagFoundRequest>;

export const BAG_FOUND_OUTCOMES = ['found', 'already_found', 'extra', 'not_found', 'invalid_number'] as const;
export const ZBagFoundResult = z.object({ code: z.string(), outcome: z.enum(BAG_FOUND_OUTCOMES), message: z.string() });

/** The bag at the branch: what arrived with it, what is missing (in the bag, not scanned) and extra (scanned, not in it). */
export const ZBagArrival = z.object({
  bag: ZBag,
  /** 'arrived' when this scan made the parcels arrive, 'already_arrived' when someone did before. */
  outcome: z.enum(['arrived', 'already_arrived']).optional(),
  message: z.string(),
  /** Parcels this scan made arrive. */
  arrived_now: z.number().int(),
  found: z.array(ZBagParcel),
  missing: z.array(ZBagParcel),
  extra: z.array(z.object({ code: z.string(), parcel: ZBagParcel.nullable() })),
  results: z.array(ZBagFoundResult),
});
export type TBagArrival = z.infer<typeof ZBagArrival>;
export const ZBagArrivalResponse = ZData(ZBagArrival);
export type TBagArrivalResponse = z.infer<typeof ZBagArrivalResponse>;

/** admin/settings/bags: the tare and the tolerance a bag's weighing is checked with. */
export const ZBagSettings = z.strictObject({
  tare_grams: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BAG_LIMITS.maxGrams, { error: MSG.invalidValue }),
  tolerance_grams: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BAG_LIMITS.maxGrams, { error: MSG.invalidValue }),
  tolerance_bp: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BAG_LIMITS.maxBp, { error: MSG.invalidValue }),
});
export type TBagSettings = z.infer<typeof ZBagSettings>;
export const ZBagSettingsResponse = ZData(ZBagSettings);
