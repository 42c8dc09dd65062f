import { z } from 'zod';
import { MSG } from '../common/messages';

export const TRACK_CODE_MIN_LENGTH = 5;
export const TRACK_CODE_MAX_LENGTH = 40;
/** Latin letters and digits, as couriers print them (after normalising). */
export const TRACK_CODE_PATTERN = /^[A-Z0-9]+$/;

/**
 * A tracking code as typed, pasted or scanned → its stored form: spaces and dashes dropped (people group digits
 * with them, scanners do not), upper case. So "sf 1234-5678" and "SF12345678" are the same parcel.
 */
export function normalizeTrackCode(raw: string): string {
  return raw.replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
}

export function isTrackCode(normalized: string): boolean {
  return normalized.length >= TRACK_CODE_MIN_LENGTH && normalized.length <= TRACK_CODE_MAX_LENGTH && TRACK_CODE_PATTERN.test(normalized);
}

/**
 * A tracking code field: normalised (spaces and dashes dropped, upper-cased), 5–40 characters of A–Z and 0–9.
 * Its message key is validation.track_code_invalid (kk/ru/en in VALIDATION_MESSAGES).
 */
export const ZTrackCode = z
  .string({ error: MSG.required })
  .max(200, { error: MSG.tooLong })
  .transform(normalizeTrackCode)
  .pipe(z.string().min(1, { error: MSG.required }).refine(isTrackCode, { error: MSG.trackCodeInvalid }));
