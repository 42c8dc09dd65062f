import { z } from 'zod';

/**
 * Customs on flights (issue 36, ADR 085): the broker's manifest of a flight and a parcel held by customs.
 *
 * Why customs hold a parcel, as staff pick it from a short list; `other` needs the note. The customer reads the
 * reason's name in their language, followed by the note when there is one.
 */
export const CUSTOMS_HOLD_REASONS = ['documents', 'customs_id', 'value', 'inspection', 'restricted', 'other'] as const;
export const ZCustomsHoldReason = z.enum(CUSTOMS_HOLD_REASONS);
export type TCustomsHoldReason = z.infer<typeof ZCustomsHoldReason>;
export const CUSTOMS_NOTE_MAX_LENGTH = 300;

/** A hold as customers and staff see it: the reason, its words in the reader's language (with the note), since when. */
export const ZCustomsHold = z.object({
  reason: ZCustomsHoldReason,
  note: z.string(),
  /** "Documents requested — invoice for the phone": the reason's name and the note, in the request's language. */
  text: z.string(),
  /** ISO 8601: held since. */
  since: z.string(),
});
export type TCustomsHold = z.infer<typeof ZCustomsHold>;
