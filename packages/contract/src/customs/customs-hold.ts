import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZLang } from '../common/i18n';
import { MSG } from '../common/messages';
import { ZManageParcel, MAX_CODES_PER_CALL } from '../manage/manage-common';
import { ZTrackCode } from '../tracks/track-code';
import { CUSTOMS_NOTE_MAX_LENGTH, ZCustomsHoldReason } from './customs-hold-view';

const ZNote = z.string().trim().max(CUSTOMS_NOTE_MAX_LENGTH, { error: MSG.tooLong }).default('');

/** POST manage/parcels/{id}/customs-hold: the reason (and a note, required with `other`). */
export const ZCustomsHoldRequest = z
  .strictObject({ reason: ZCustomsHoldReason, note: ZNote })
  .refine((b) => b.reason !== 'other' || b.note.length > 0, { error: MSG.required, path: ['note'] });
export type TCustomsHoldRequest = z.input<typeof ZCustomsHoldRequest>;

/** POST manage/flights/{id}/customs-hold: many parcels of one flight held at once for the same reason. */
export const ZFlightCustomsHoldRequest = z
  .strictObject({
    reason: ZCustomsHoldReason,
    note: ZNote,
    track_codes: z.array(ZTrackCode).min(1, { error: MSG.required }).max(MAX_CODES_PER_CALL, { error: MSG.tooLong }),
  })
  .refine((b) => b.reason !== 'other' || b.note.length > 0, { error: MSG.required, path: ['note'] });
export type TFlightCustomsHoldRequest = z.input<typeof ZFlightCustomsHoldRequest>;

export const ZCustomsParcelParams = z.strictObject({
  id: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** Hold and release answer the parcel as staff see it now. */
export const ZCustomsParcelResponse = ZData(ZManageParcel);
export type TCustomsParcelResponse = z.infer<typeof ZCustomsParcelResponse>;

/** What became of one code of a flight's hold. */
export const FLIGHT_HOLD_OUTCOMES = ['held', 'already_held', 'not_on_flight', 'wrong_status'] as const;
export const ZFlightHoldResult = z.object({
  track_code: z.string(),
  outcome: z.enum(FLIGHT_HOLD_OUTCOMES),
  message: z.string(),
});
export const ZFlightCustomsHoldResponse = ZData(
  z.object({ counts: z.object({ held: z.number().int(), skipped: z.number().int() }), results: z.array(ZFlightHoldResult) }),
);
export type TFlightCustomsHoldResponse = z.infer<typeof ZFlightCustomsHoldResponse>;

/** GET manage/flights/{id}/customs-manifest: the broker's file, xlsx (with a summary sheet) or CSV (UTF-8 with BOM). */
export const ZCustomsManifestQuery = z.strictObject({
  format: z.enum(['xlsx', 'csv']),
  lang: ZLang.optional(),
  /** Admins and the warehouse may name one destination branch (branch staff always get their own branch's share). */
  branch_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
export type TCustomsManifestQuery = z.input<typeof ZCustomsManifestQuery>;
