import { sql } from 'drizzle-orm';
import { date, index, integer, pgSequence, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { branches } from './geo';

/** Numbers behind client codes (KZ-10001 …); a sequence keeps them unique under concurrent registrations. */
export const clientCodeSeq = pgSequence('client_code_seq', { startWith: 10001, increment: 1 });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    branchId: integer('branch_id').references(() => branches.id),
    gender: text('gender').$type<'male' | 'female'>(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Kazakhstan's individual identification number (12 digits, check digits valid) for customs (issue 36). */
    iin: text('iin'),
    /** Kyrgyzstan's personal identification number (14 digits) for customs. */
    personalNumber: text('personal_number'),
    clientCode: text('client_code').notNull().unique(),
    role: text('role').$type<'customer' | 'staff' | 'admin'>().notNull().default('customer'),
    language: text('language').$type<'kk' | 'ru' | 'en'>().notNull().default('ru'),
    /** Staff only: where they work ('china_warehouse' or 'branch' with placeBranchId). */
    placeKind: text('place_kind').$type<'china_warehouse' | 'branch'>(),
    placeBranchId: integer('place_branch_id').references(() => branches.id),
    /** Staff only: what the admin granted beyond the place (ADR 075: corrections, undo, refunds, exports, reports); admins hold all. */
    capabilities: text('capabilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bumped to revoke every QR code issued before. */
    qrVersion: integer('qr_version').notNull().default(1),
    /** Set by an admin: the account cannot sign in, its sessions are ended and its QR refused. */
    blockedAt: tstz('blocked_at'),
    /** Set when the customer deleted their account: personal data erased, the row kept for parcels, payments and the audit. */
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_last_name_idx').on(sql`lower(${t.lastName})`), index('users_role_idx').on(t.role)],
);

/** A signed-in device. The access token names its session and its jti; rotation moves current → previous. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentJti: text('current_jti').notNull(),
    currentIssuedAt: integer('current_issued_at').notNull(),
    previousJti: text('previous_jti'),
    rotatedAt: tstz('rotated_at'),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes sent by SMS; only a keyed hash of the code is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose').$type<'register' | 'forgot' | 'update_phone' | 'new_phone' | 'delete_account'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phoneNumber, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Proof that a code was verified: single use, short-lived, bound to phone and purpose. */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose').$type<'register' | 'forgot' | 'update_phone' | 'new_phone' | 'delete_account'>().notNull(),
    userId: integer('user_id'),
    /** The Telegram user whose signed contact proved the phone (issue 34): the account registered with it is linked. */
    telegramUserId: text('telegram_user_id'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verification_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Telegram sign-in data already used (its hash), until it is too old to be accepted anyway: the same initData or
 * contact cannot sign in twice. Owned by auth.
 */
export const telegramAuthUses = pgTable('telegram_auth_uses', {
  hash: text('hash').primaryKey(),
  expiresAt: tstz('expires_at').notNull(),
});

/**
 * Every code call from a client address (a code sent, or an answer that the number already has an
 * account): the per-address cap counts these, so lookups cannot list customers faster than codes can be sent.
 */
export const codeRequests = pgTable(
  'code_requests',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    purpose: text('purpose').notNull(),
    outcome: text('outcome').$type<'sent' | 'phone_taken'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('code_requests_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Wrong passwords per phone number (whether or not it has an account, so a lockout reveals nothing):
 * from the 5th on, the number waits a growing delay (capped) before the next try; a right password
 * or a password reset clears it, and old failures are forgotten after an hour.
 */
export const loginThrottle = pgTable('login_throttle', {
  phoneNumber: text('phone_number').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  updatedAt: updatedAt(),
});

/**
 * A staff invitation (ADR 075): a one-time link sent by SMS to set the account's password. Only a hash of the token is
 * kept; a resend revokes the open one; using it is a guarded UPDATE (one use wins).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_invitations_hash_idx').on(t.tokenHash), index('staff_invitations_user_idx').on(t.userId, t.createdAt)],
);
