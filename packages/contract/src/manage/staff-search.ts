import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { normalizePhone } from '../common/phone';
import { isTrackCode, normalizeTrackCode } from '../tracks/track-code';
import { ZCustomerFound } from './find';
import { ZManageParcel } from './manage-common';

/**
 * GET manage/search?q=: the staff's one search box. The term is read as every kind it may be (a tracking code, a
 * phone number in any common Kazakh or Kyrgyz form, a client code, a name) and answers customers and parcels as one
 * list grouped by kind, the group with the best match first, best matches first inside a group.
 */
export const ZStaffSearchQuery = z.object({
  q: z.string({ error: MSG.required }).trim().min(2, { error: MSG.required }).max(100, { error: MSG.tooLong }),
});
export type TStaffSearchQuery = z.input<typeof ZStaffSearchQuery>;

export const ZSearchKind = z.enum(['track_code', 'phone', 'client_code', 'name']);
export type TSearchKind = z.infer<typeof ZSearchKind>;

export const ZStaffSearchGroup = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parcels'), items: z.array(ZManageParcel) }),
  z.object({ kind: z.literal('customers'), items: z.array(ZCustomerFound) }),
]);
export type TStaffSearchGroup = z.infer<typeof ZStaffSearchGroup>;

export const ZStaffSearchResponse = ZData(
  z.object({
    /** What the term was read as (it may be several: "KZ12345" is a client code and a tracking code alike). */
    recognised: z.array(ZSearchKind),
    /** Non-empty groups only, the one holding an exact match first. */
    groups: z.array(ZStaffSearchGroup),
  }),
);
export type TStaffSearchResponse = z.infer<typeof ZStaffSearchResponse>;

export interface SearchTerm {
  recognised: TSearchKind[];
  /** E.164 numbers the term may be (+7… and +996… read alike when written without a country). */
  phones: string[];
  /** Digits to find a phone number by part of it (the trunk 8/0 and country dropped once long enough). */
  phoneDigits: string | null;
  /** The term as a stored tracking code, when it can be one (or part of one). */
  trackCode: string | null;
  /** The term as a client code (upper case, no spaces), when it can be one. */
  clientCode: string | null;
  /** Words to match names by (at most three). */
  words: string[];
}

/**
 * What a staff search term can be. Phones: "+7 701 123 45 67", "8 (701) 123-45-67", "7011234567", "77011234567",
 * "+996 555 123 456", "0555 123 456", "996555123456"; client codes "KZ1234", "kz-1234", "1234"; tracking codes
 * 5–40 letters and digits (spaces and dashes dropped); names: any word with a letter.
 */
export function readSearchTerm(raw: string): SearchTerm {
  const term = raw.trim();
  const recognised = new Set<TSearchKind>();
  const phones = new Set<string>();
  let phoneDigits: string | null = null;
  const digits = term.replace(/\D/g, '');
  if (/^[+\d][\d\s().-]{5,}$/.test(term)) {
    for (const t of [term, `+${digits}`])
      for (const country of ['KZ', 'KG'] as const) {
        const e164 = normalizePhone(t, country);
        if (e164) phones.add(e164);
      }
    if (phones.size) recognised.add('phone');
  }
  // Part of a number: its last nine digits once long enough (the subscriber's part in both countries).
  if (digits.length >= 4 && /^[+\d\s().-]+$/.test(term)) phoneDigits = digits.length > 9 ? digits.slice(-9) : digits;
  const upper = term.toUpperCase().replace(/\s+/g, '');
  const clientCode = /^[A-Z]{0,2}-?\d+$/.test(upper) || /^[A-Z]{2}-/.test(upper) ? upper : null;
  if (clientCode) recognised.add('client_code');
  const code = normalizeTrackCode(term);
  const trackCode = code.length >= 4 && code.length <= 40 && /^[A-Z0-9]+$/.test(code) && /\d/.test(code) ? code : null;
  if (trackCode && isTrackCode(trackCode)) recognised.add('track_code');
  const words = term
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w))
    .slice(0, 3);
  // Letters may be a name even where they could be a code too ("zhanar27"): both are looked up, the code first.
  if (words.length) recognised.add('name');
  return { recognised: [...recognised], phones: [...phones], phoneDigits, trackCode, clientCode, words };
}
