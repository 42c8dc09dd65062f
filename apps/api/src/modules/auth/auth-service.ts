import { randomUUID } from 'node:crypto';
import type { TLang, TOwnUser, TRegisterRequest, TUpdatePasswordRequest, TUpdateUserRequest, TUser } from '@portal/contract';
import type { z } from 'zod';
import type { ZRegisterRequest, ZUpdatePasswordRequest, ZUpdateUserRequest } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { jtiIsLive } from './auth-plugin';
import { notificationsService } from '../notifications/notifications-service';
import { pushSubscriptionsService } from '../notifications/push-channel';
import { telegramRepository } from '../notifications/telegram-repository';
import type { ShownNotificationRow } from '../notifications/notifications-repository';
import { createKeptGroups, type BuiltGroups, type KeptGroupsEntry } from '../notifications/kept-groups';
import { toOwnUser } from '../users/user-view';
import { recordAudit, type AuditActor } from '../audit/audit';
import { usersRepository, type UserRow } from '../users/users-repository';
import type { CodesService } from './codes-service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { loginThrottleRepository } from './login-throttle-repository';
import { sessionsRepository } from './sessions-repository';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_WINDOW_SECONDS,
  ROTATION_GRACE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type TokenService,
} from './tokens';

type RegisterInput = z.output<typeof ZRegisterRequest>;
type UpdatePasswordInput = z.output<typeof ZUpdatePasswordRequest>;
type UpdateUserInput = z.output<typeof ZUpdateUserRequest>;
export type { TRegisterRequest, TUpdatePasswordRequest, TUpdateUserRequest };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createAuthService(deps: { db: Db; tokens: TokenService; codes: CodesService }) {
  const { db, tokens, codes } = deps;

  async function startSession(tx: DbOrTx, userId: number, client: { ip?: string; userAgent?: string }) {
    const jti = randomUUID();
    const iat = nowSeconds();
    const session = await sessionsRepository.create(tx, { userId, jti, iat, ip: client.ip, userAgent: client.userAgent });
    const token = await tokens.sign({ userId, sessionId: session.id, jti, iat });
    return { token, expires_in: ACCESS_TOKEN_TTL_SECONDS };
  }

  /**
   * The user as the portal shows them. The notifications are rendered in `lang`, the language the caller
   * reads the portal in (Accept-Language), so a Kazakh page never lists Russian notifications because the
   * account was made in Russian; without one, in the account's language (which SMS, Telegram and push follow).
   */
  /** GET auth/user's notification groups, kept per app instance under the database's fingerprint (ADR 067). */
  const keptGroups = createKeptGroups();
  const buildGroups = (rows: ShownNotificationRow[], lang: TLang, now: number) => notificationsService.groupsAt(db, rows, lang, now);

  async function userView(user: UserRow, lang: TLang | undefined): Promise<TUser> {
    return { ...toOwnUser(user), notifications: await notificationsService.groupsForUser(db, user.id, lang ?? user.language) };
  }

  return {
    userView,

    /** The notifications this instance keeps for the user (their fingerprint goes to `findWithUserAndNotifications`). */
    keptGroupsOf: (userId: number): KeptGroupsEntry | undefined => keptGroups.get(userId),

    /**
     * `userView` of what the session check of auth/user read with the session (`findWithUserAndNotifications`, given
     * the fingerprint of `kept`): the rows when the database sent them, else `kept`'s, which it found current. The
     * groups are built once per rows and language (and again when a `new` marker turns off), the user always anew.
     */
    async userViewOf(
      found: { user: UserRow; notifications: { fingerprint: string; rows: ShownNotificationRow[] | null } },
      kept: KeptGroupsEntry | undefined,
      lang: TLang | undefined,
    ): Promise<{ user: TOwnUser; notifications: BuiltGroups }> {
      const { fingerprint, rows } = found.notifications;
      let entry = kept;
      if (rows) entry = keptGroups.put(found.user.id, fingerprint, rows);
      else if (!entry || entry.fingerprint !== fingerprint || entry.userId !== found.user.id)
        throw new Error('auth/user: the database found kept notifications current that this instance does not keep');
      return { user: toOwnUser(found.user), notifications: await entry.groups(lang ?? found.user.language, Date.now(), buildGroups) };
    },

    /** The password passed the contract's rule with the request (ZRegisterRequest: length, passwordWeakness). */
    async register(input: RegisterInput, client: { ip?: string; userAgent?: string; lang: TLang }) {
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await db.transaction(async (tx) => {
          const proof = await codes.consumeToken(tx, input.verification_token, input.phone_number, 'register');
          if (await usersRepository.phoneExists(tx, input.phone_number))
            throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
          const prefix = await usersRepository.branchCountryPrefix(tx, input.branch_id);
          if (!prefix) throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
          const user = await usersRepository.insertWithClientCode(
            tx,
            {
              phoneNumber: input.phone_number,
              passwordHash,
              firstName: input.first_name,
              lastName: input.last_name,
              branchId: input.branch_id,
              gender: input.gender,
              dateOfBirth: input.date_of_birth,
              language: client.lang,
            },
            prefix,
          );
          // A phone proven by Telegram's signed contact (issue 34): the new account is that Telegram user's.
          if (proof.telegramUserId) await telegramRepository.link(tx, user.id, proof.telegramUserId);
          const access = await startSession(tx, user.id, client);
          return { user, access };
        });
        return { access: result.access, user: await userView(result.user, client.lang) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
        throw error;
      }
    },

    /**
     * A session for an account proven another way than its password (Telegram's signature, issue 34), inside the
     * caller's transaction; a blocked account is refused as at sign-in. The caller answers `userView` after commit.
     */
    async startSessionFor(tx: DbOrTx, user: UserRow, client: { ip?: string; userAgent?: string }) {
      if (user.blockedAt) throw new AppError('account_blocked');
      return startSession(tx, user.id, client);
    },

    /** Same time and same answer for an unknown number as for a wrong password. */
    async login(phone: string, password: string, client: { ip?: string; userAgent?: string; reads?: TLang }) {
      // Per-number limit (whether or not the number has an account, so it reveals nothing): the try is
      // spent before the password is checked, so simultaneous guesses from many addresses are counted too.
      if ((await loginThrottleRepository.spendTry(db, phone)) === undefined) {
        const seconds = await loginThrottleRepository.waitSeconds(db, phone);
        throw new AppError('login_locked', { retryAfter: seconds, params: { seconds } });
      }
      const user = await usersRepository.findByPhone(db, phone);
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !ok) throw new AppError('invalid_credentials');
      await loginThrottleRepository.clear(db, phone);
      // Said only to whoever knows the password: a blocked account is not revealed to anyone else.
      if (user.blockedAt) throw new AppError('account_blocked');
      const access = await startSession(db, user.id, client);
      return { access, user: await userView(user, client.reads) };
    },

    /**
     * Rotates the token: the presented one must be the session's current token (expired up to the
     * refresh window). A repeat within the grace gets the same successor; any later reuse ends the session.
     */
    async refresh(token: string | null) {
      if (!token) throw new AppError('unauthenticated');
      const verified = await tokens.verify(token, { allowExpired: true });
      if (!verified || 'expired' in verified) throw new AppError('unauthenticated');
      const { claims } = verified;
      const found = await sessionsRepository.findWithUser(db, claims.sessionId);
      if (!found || found.session.revokedAt || found.user.id !== claims.userId || found.user.blockedAt)
        throw new AppError('unauthenticated');
      const { session } = found;
      if (Date.now() - session.createdAt.getTime() > SESSION_MAX_AGE_SECONDS * 1000 || nowSeconds() - claims.exp > REFRESH_WINDOW_SECONDS) {
        await sessionsRepository.revoke(db, session.id, 'expired');
        throw new AppError('token_expired');
      }
      if (session.currentJti === claims.jti) {
        const next = { jti: randomUUID(), iat: nowSeconds() };
        if (await sessionsRepository.rotate(db, session.id, claims.jti, next)) {
          return {
            token: await tokens.sign({ userId: claims.userId, sessionId: session.id, ...next }),
            expires_in: ACCESS_TOKEN_TTL_SECONDS,
          };
        }
        // Another request rotated it a moment ago: fall through to the grace check with fresh state.
        const again = await sessionsRepository.findWithUser(db, session.id);
        if (again && !again.session.revokedAt && again.session.previousJti === claims.jti && jtiIsLive(again.session, claims.jti)) {
          return {
            token: await tokens.sign({
              userId: claims.userId,
              sessionId: session.id,
              jti: again.session.currentJti,
              iat: again.session.currentIssuedAt,
            }),
            expires_in: ACCESS_TOKEN_TTL_SECONDS,
          };
        }
        throw new AppError('unauthenticated');
      }
      if (
        session.previousJti === claims.jti &&
        session.rotatedAt &&
        Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_SECONDS * 1000
      ) {
        return {
          token: await tokens.sign({ userId: claims.userId, sessionId: session.id, jti: session.currentJti, iat: session.currentIssuedAt }),
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
        };
      }
      // A rotated-away token came back after the grace: treat it as stolen and end the session.
      await sessionsRepository.revoke(db, session.id, 'refresh_reuse');
      throw new AppError('unauthenticated');
    },

    /** Ends the session; the browser's push subscription of the account goes with it when the browser names it. */
    async logout(sessionId: string, userId: number, pushEndpoint?: string) {
      await db.transaction(async (tx) => {
        await sessionsRepository.revoke(tx, sessionId, 'logout');
        if (pushEndpoint) await pushSubscriptionsService.unsubscribe(tx, userId, pushEndpoint);
      });
    },

    /** The forgot-password flow's end: new password, every session ended, the QR code revoked (a new one is shown at the next sign-in). */
    async updatePassword(input: UpdatePasswordInput) {
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await codes.consumeToken(tx, input.verification_token, input.phone_number, 'forgot');
        const user = await usersRepository.findByPhone(tx, input.phone_number);
        if (!user) throw new AppError('verification_token_invalid', { fields: { verification_token: ['verification_token_invalid'] } });
        await usersRepository.update(tx, user.id, { passwordHash });
        await sessionsRepository.revokeAllForUser(tx, user.id, 'password_reset');
        // Whoever knew the old password may hold a screenshot of the QR code: it stops working with the password.
        await usersRepository.bumpQrVersion(tx, user.id);
        await loginThrottleRepository.clear(tx, input.phone_number);
      });
    },

    /** The new number of a phone change may get a code: not the current one, not another account's, current number proven. */
    async checkNewPhone(user: UserRow, newPhone: string, verificationToken: string) {
      if (newPhone === user.phoneNumber) throw new AppError('phone_same', { fields: { phone_number: ['phone_same'] } });
      await codes.assertTokenUsable(verificationToken, user.phoneNumber, 'update_phone');
      if (await usersRepository.phoneExists(db, newPhone)) throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
    },

    /**
     * Moves the account to a new number once both are proven: the current one by its verification
     * token, the new one by the code sent to it. Other sessions end.
     */
    async updatePhone(
      user: UserRow,
      sessionId: string,
      input: { phone_number: string; verification_token: string; code: string },
      lang?: TLang,
    ) {
      const newPhone = input.phone_number;
      await this.checkNewPhone(user, newPhone, input.verification_token);
      const proof = await codes.verify({ phone: newPhone, purpose: 'new_phone', code: input.code, userId: user.id });
      try {
        const updated = await db.transaction(async (tx) => {
          await codes.consumeToken(tx, input.verification_token, user.phoneNumber, 'update_phone');
          await codes.consumeToken(tx, proof.verification_token, newPhone, 'new_phone');
          if (await usersRepository.phoneExists(tx, newPhone)) {
            throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
          }
          const row = await usersRepository.update(tx, user.id, { phoneNumber: newPhone });
          await sessionsRepository.revokeAllForUser(tx, user.id, 'phone_change', sessionId);
          return row!;
        });
        return userView(updated, lang);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
        throw error;
      }
    },

    /**
     * The personal data; the personal numbers for customs too (ADR 084): a change of either is audited as set or
     * cleared, never with the number, and takes the account's row lock, so a dispatch reading it FOR SHARE sees it
     * either before or after, never half way.
     */
    async updateUser(user: UserRow, input: UpdateUserInput, lang?: TLang, actor?: AuditActor) {
      if (input.branch_id !== undefined && !(await usersRepository.branchCountryPrefix(db, input.branch_id))) {
        throw new AppError('validation_failed', { fields: { branch_id: ['validation.invalid_value'] } });
      }
      const patch: Partial<UserRow> = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.branch_id !== undefined) patch.branchId = input.branch_id;
      if (input.gender !== undefined) patch.gender = input.gender;
      if (input.date_of_birth !== undefined) patch.dateOfBirth = input.date_of_birth;
      if (input.language !== undefined) patch.language = input.language;
      if (input.iin !== undefined) patch.iin = input.iin;
      if (input.personal_number !== undefined) patch.personalNumber = input.personal_number;
      if (!Object.keys(patch).length) return userView(user, lang);
      const updated = await db.transaction(async (tx) => {
        const before = await usersRepository.findById(tx, user.id);
        const row = await usersRepository.update(tx, user.id, patch);
        const changed = (['iin', 'personalNumber'] as const).filter((k) => k in patch && (before?.[k] ?? null) !== (row?.[k] ?? null));
        if (changed.length && actor)
          await recordAudit(tx, {
            actor,
            action: 'user.customs_id',
            targetType: 'user',
            targetId: user.id,
            // Whether each number was there, never the number itself.
            before: Object.fromEntries(changed.map((k) => [k === 'iin' ? 'iin' : 'personal_number', before?.[k] ? 'set' : 'none'])),
            after: Object.fromEntries(changed.map((k) => [k === 'iin' ? 'iin' : 'personal_number', row?.[k] ? 'set' : 'none'])),
          });
        return row;
      });
      return userView(updated!, lang);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
