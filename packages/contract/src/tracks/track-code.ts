import { z } from 'zod';
import { MSG } from '../common/messages';

export const TRACK_CODE_MIN_LENGTH = 5;
export const TRACK_CODE_MAX_LENGTH = 40;
/** Latin letters, digits and inner dashes, as couriers print them (after normalising). */
export const TRACK_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

/** A tracking code as typed or scanned → its stored form: no whitespace, upper case. */
export function normalizeTrackCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export function isTrackCode(normalized: string): boolean {
  return normalized.length >= TRACK_CODE_MIN_LENGTH && normalized.length <= TRACK_CODE_MAX_LENGTH && TRACK_CODE_PATTERN.test(normalized);
}

/**
 * A tracking code field: normalised (whitespace dropped, upper-cased), 5–40 characters of A–Z, 0–9 and inner dashes.
 * Its message key is validation.track_code_invalid (kk/ru/en in VALIDATION_MESSAGES).
 */
export const ZTrackCode = z
  .string({ error: MSG.required })
  .max(200, { error: MSG.tooLong })
  .transform(normalizeTrackCode)
  .pipe(
    z
      .string()
      .min(1, { error: MSG.required })
      .refine(isTrackCode, { error: MSG.trackCodeInvalid }),
  );
