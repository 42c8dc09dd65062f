import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId, ZIdParam, ZRequiredText } from '../common/fields';
import { ZCorrectionReason, ZCorrectionVersion } from './corrections';
import { LANGUAGES } from '../common/i18n';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { ZPhone } from '../common/phone';
import { ZCapability } from '../users/capabilities';
import { ROLES, STAFF_PLACES, ZPublicUser } from '../users/user';

/** A user as the admin area shows it: the public fields, whether blocked, and the version to send back (409 on a stale edit). */
export const ZAdminUser = ZPublicUser.extend({
  blocked: z.boolean(),
  /** The customer deleted their account: name and phone are erased (the phone is a tombstone), parcels and payments stay. */
  deleted: z.boolean(),
  /** What the account may do beyond its place (ADR 075): staff the granted ones, an admin every one, a customer none. */
  capabilities: z.array(ZCapability),
  /**
   * A staff or admin account's invitation to set its password (ADR 075): `pending` (sent, not used, still valid),
   * `expired` (sent, not used, too old: resend), null (accepted, or never invited).
   */
  invitation: z.enum(['pending', 'expired']).nullable(),
  updated_at: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** GET admin/users: search by phone, name or client code; filter by role; newest first. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  'filters[search]': z.string().trim().max(100, { error: MSG.tooLong }).optional(),
  'filters[role]': z.enum(ROLES).optional(),
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;
export const ZAdminUsersResponse = ZPage(ZAdminUser);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZAdminUserParams = ZIdParam;

export const ZAdminUserSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const ZAdminUserParcel = z.object({
  id: z.number().int(),
  track_code: z.string(),
  name: z.string(),
  status_id: z.number().int(),
  created_at: z.string(),
});

/** GET admin/users/{id}: the profile, the latest parcels and the live sessions. */
export const ZAdminUserDetailResponse = ZData(
  z.object({
    user: ZAdminUser,
    /** The personal numbers customs need (ADR 084): only the owner and this page see them; null when not given. */
    iin: z.string().nullable(),
    personal_number: z.string().nullable(),
    parcels: z.array(ZAdminUserParcel),
    parcel_count: z.number().int(),
    sessions: z.array(ZAdminUserSession),
  }),
);
export type TAdminUserDetailResponse = z.infer<typeof ZAdminUserDetailResponse>;
export type TAdminUserDetail = TAdminUserDetailResponse['data'];

export const ZAdminPlace = z.strictObject({
  kind: z.enum(STAFF_PLACES, { error: MSG.invalidValue }),
  branch_id: ZId.nullable().optional(),
});

/** A set of capabilities as the admin grants them: each at most once (order does not matter). */
export const ZCapabilityList = z
  .array(ZCapability, { error: MSG.invalidValue })
  .max(10, { error: MSG.invalidValue })
  .refine((list) => new Set(list).size === list.length, { error: MSG.invalidValue });

/**
 * PATCH admin/users/{id}: role, staff place, capabilities, blocked. `updated_at` (from the last read) makes a stale
 * edit a 409. Staff need a place (a branch place names an open branch); nobody changes themselves, and
 * the last admin is never demoted or blocked. Capabilities are kept for staff only (an admin holds all); a change
 * counts from the caller's next request and is audited.
 */
export const ZAdminUpdateUserRequest = z
  .strictObject({
    role: z.enum(ROLES, { error: MSG.invalidValue }).optional(),
    place: ZAdminPlace.nullable().optional(),
    blocked: z.boolean({ error: MSG.invalidValue }).optional(),
    capabilities: ZCapabilityList.optional(),
    updated_at: z.string().max(40).optional(),
  })
  .refine((v) => v.role !== undefined || v.place !== undefined || v.blocked !== undefined || v.capabilities !== undefined, {
    error: MSG.required,
    path: ['role'],
  });
export type TAdminUpdateUserRequest = z.input<typeof ZAdminUpdateUserRequest>;
export const ZAdminUserResponse = ZData(ZAdminUser);
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;

/**
 * POST admin/users: a staff (or admin) account for a phone with no account. Staff get `capabilities` (default:
 * DEFAULT_STAFF_CAPABILITIES). The person gets an SMS in `language` (default ru) with a one-time link to set their
 * password (ADR 075).
 */
export const ZAdminCreateUserRequest = z.strictObject({
  phone_number: ZPhone,
  first_name: ZRequiredText(),
  last_name: ZRequiredText(),
  role: z.enum(['staff', 'admin'], { error: MSG.invalidValue }),
  place: ZAdminPlace.nullable().optional(),
  capabilities: ZCapabilityList.optional(),
  language: z.enum(LANGUAGES, { error: MSG.invalidValue }).optional(),
});

/** POST admin/users/{id}/invitation: (re)send the set-password SMS; the earlier link stops working. */
export const ZAdminInvitationResponse = ZData(
  z.object({
    user: ZAdminUser,
    /** False when the SMS provider failed: the link is made all the same; resend later. */
    sms_sent: z.boolean(),
    expires_at: z.string(),
  }),
);
export type TAdminInvitationResponse = z.infer<typeof ZAdminInvitationResponse>;
export type TAdminCreateUserRequest = z.input<typeof ZAdminCreateUserRequest>;

/**
 * POST admin/users/{id}/phone: an admin moves a customer who lost their SIM to a new number. A reason (3–500) is kept in
 * the audit log; every session ends and the QR code is revoked; an SMS to the new number (in the customer's language)
 * says the number was changed and how to sign in. Only customers (`not_a_customer` 409), never a deleted account
 * (`account_deleted` 409); the same number is `phone_same` 422, another account's `phone_taken` 409.
 * `updated_at` (from the last read) makes a stale change a 409 `stale_write`.
 */
export const ZAdminChangePhoneRequest = z.strictObject({
  phone_number: ZPhone,
  reason: ZCorrectionReason,
  updated_at: ZCorrectionVersion.optional(),
});
export type TAdminChangePhoneRequest = z.input<typeof ZAdminChangePhoneRequest>;
export const ZAdminChangePhoneResponse = ZData(
  z.object({
    user: ZAdminUser,
    /** False when the SMS provider failed: the number is changed all the same; tell the customer another way. */
    sms_sent: z.boolean(),
  }),
);
export type TAdminChangePhoneResponse = z.infer<typeof ZAdminChangePhoneResponse>;

/** PUT admin/users/{id}/name: a customer's first and last name (audited before/after; 409 on a stale updated_at). */
export const ZAdminRenameUserRequest = z.strictObject({
  first_name: ZRequiredText(),
  last_name: ZRequiredText(),
  updated_at: ZCorrectionVersion.optional(),
});
export type TAdminRenameUserRequest = z.input<typeof ZAdminRenameUserRequest>;
