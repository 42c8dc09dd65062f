import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';

/**
 * A trusted person (issue 37, ADR 091): someone the customer names to collect chosen parcels at one branch on chosen
 * days. They get their own QR code by an SMS link (a public page, no sign-in); the customer revokes it at once.
 */
/** At most this many trusted people a customer has active (not revoked, not past their last day) at once. */
export const TRUSTED_MAX_ACTIVE = 5;
/** The longest stretch of days one grant covers (first and last day included). */
export const TRUSTED_MAX_DAYS = 14;
/** The link is re-sent at most once per this many seconds and at most TRUSTED_MAX_SMS times in all. */
export const TRUSTED_RESEND_SECONDS = 60;
export const TRUSTED_MAX_SMS = 5;

/** A trusted person's QR code starts with this prefix (a customer's is QR1.): the two can never be confused. */
export const TRUSTED_TOKEN_PREFIX = 'QRT1.';
/** The signed part of a trusted person's QR code, or null when the text is not one (by its prefix). */
export function trustedTokenBody(text: string): string | null {
  return text.startsWith(TRUSTED_TOKEN_PREFIX) ? text.slice(TRUSTED_TOKEN_PREFIX.length) : null;
}

/** "+7 *** *** 45 67": the phone as receipts, the audit log and the counter show it. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '***';
  const country = phone.startsWith('+') ? `+${digits.slice(0, digits.length > 11 ? digits.length - 10 : 1)}` : '';
  return `${country} *** *** ${digits.slice(-4, -2)} ${digits.slice(-2)}`.trim();
}

const ZDay = z.string({ error: MSG.required }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidValue });

/** POST trusted: name a trusted person for some of the caller's parcels (at a branch or on the way) and days. */
export const ZCreateTrustedRequest = z.strictObject({
  name: z.string({ error: MSG.required }).trim().min(2, { error: MSG.required }).max(80, { error: MSG.tooLong }),
  phone: ZPhone,
  order_ids: z.array(ZId).min(1, { error: MSG.required }).max(50, { error: MSG.tooLong }),
  valid_from: ZDay,
  valid_to: ZDay,
});
export type TCreateTrustedRequest = z.input<typeof ZCreateTrustedRequest>;
export type TCreateTrusted = z.infer<typeof ZCreateTrustedRequest>;

/**
 * PATCH trusted/{id}: change an active grant's parcels and days. The name and phone stay (another person is a new
 * grant); the QR link stays valid. Moving the last day later sends the person a new link (their code carries its
 * expiry), under the re-send limits.
 */
export const ZUpdateTrustedRequest = ZCreateTrustedRequest.pick({ order_ids: true, valid_from: true, valid_to: true });
export type TUpdateTrustedRequest = z.input<typeof ZUpdateTrustedRequest>;
export type TUpdateTrusted = z.infer<typeof ZUpdateTrustedRequest>;

export const ZTrustedParcel = z.object({ id: z.number().int(), track_code: z.string(), name: z.string().nullable() });

/** GET trusted/parcels: the caller's parcels a trusted person may be named for (at a branch or on the way). */
export const ZTrustedChoice = ZTrustedParcel.extend({
  status: z.enum(['china_warehouse', 'in_transit', 'at_branch']),
  branch: z.object({ id: z.number().int(), name: z.string() }),
});
export type TTrustedChoice = z.infer<typeof ZTrustedChoice>;
export const ZTrustedChoicesResponse = ZData(z.array(ZTrustedChoice));

/** One trusted person as their customer sees them. */
export const ZTrustedPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  parcels: z.array(ZTrustedParcel),
  valid_from: z.string(),
  valid_to: z.string(),
  /** active: may collect (within or before its days); revoked; expired: past its last day. */
  state: z.enum(['active', 'revoked', 'expired']),
  revoked_at: z.string().nullable(),
  sms_sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type TTrustedPerson = z.infer<typeof ZTrustedPerson>;
export const ZTrustedPersonResponse = ZData(ZTrustedPerson);
export const ZTrustedPeopleResponse = ZData(z.array(ZTrustedPerson));

/** GET trusted/pass?token=…: the public page the SMS link opens (no sign-in); only what the counter needs. */
export const ZTrustedPassQuery = z.object({ token: z.string().trim().min(1).max(1024) });
export const ZTrustedPass = z.object({
  /** The QR code's content (the same token). */
  token: z.string(),
  name: z.string(),
  /** The customer's first name only (the person says whom they collect for). */
  for_name: z.string(),
  branch: z.object({ name: z.string(), address: z.string() }),
  codes: z.array(z.string()),
  count: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string(),
});
export type TTrustedPass = z.infer<typeof ZTrustedPass>;
export const ZTrustedPassResponse = ZData(ZTrustedPass);

/** At the counter (manage/handover/lookup with a trusted QR code): who collects for whom. */
export const ZTrustedCollector = z.object({
  trusted_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  for_name: z.string(),
});
export type TTrustedCollector = z.infer<typeof ZTrustedCollector>;
