import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { MSG } from './messages';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'KZ';

/** E.164 form of a phone number (Kazakhstan's +7 by default), or null when it is not a valid number. */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 32) return null;
  // "8 7xx ..." is the domestic trunk form in Kazakhstan; libphonenumber handles it with the default country.
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** A phone field: required, valid, and transformed to E.164. */
export const ZPhone = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, { error: MSG.phoneRequired })
  .max(32, { error: MSG.phoneInvalid })
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: MSG.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });
