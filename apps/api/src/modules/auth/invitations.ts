import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INVITATION_HOURS, SET_PASSWORD_PATH } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { text } from '../../texts/texts';
import { recordAudit, type AuditActor } from '../audit/audit';
import { settingsRepository } from '../settings/settings-repository';
import { usersRepository, type UserRow } from '../users/users-repository';
import { sha256 } from './codes-service';
import { invitationsRepository, type InvitationRow } from './invitations-repository';
import { loginThrottleRepository } from './login-throttle-repository';
import { hashPassword } from './passwords';
import { sessionsRepository } from './sessions-repository';

export type InvitationState = 'pending' | 'expired' | null;

/** What the users list says of an account's latest link: sent and still good, sent and too old, or nothing open. */
export function invitationState(row: InvitationRow | undefined, now = new Date()): InvitationState {
  if (!row || row.usedAt) return null;
  return row.expiresAt > now ? 'pending' : 'expired';
}

/** Why a link cannot be used, in the order a person would want to hear it. */
function refusal(row: InvitationRow | undefined, now: Date): AppError {
  if (!row || row.revokedAt) return new AppError('invitation_invalid');
  if (row.usedAt) return new AppError('invitation_used');
  if (row.expiresAt <= now) return new AppError('invitation_expired');
  return new AppError('invitation_invalid');
}

/**
 * Staff invitations (ADR 075): when an admin creates a staff account or re-invites one, the person gets an SMS in their
 * language with a one-time link to set their password. Only the token's SHA-256 is stored; a link is good for
 * INVITATION_HOURS and once (a guarded UPDATE decides between simultaneous uses); a new link revokes the open one.
 */
export function createInvitations(deps: { db: Db; sms: SmsDriver; publicUrl: string }) {
  const { db, sms, publicUrl } = deps;
  return {
    /** A new link for the user, in the caller's transaction (the open one is revoked); audited as user.invite. */
    async issue(tx: DbOrTx, user: UserRow, actor: AuditActor): Promise<{ token: string; expiresAt: Date }> {
      const now = new Date();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3600_000);
      await invitationsRepository.revokeOpen(tx, user.id, now);
      await invitationsRepository.insert(tx, { userId: user.id, tokenHash: sha256(token), expiresAt, createdBy: actor.id });
      await recordAudit(tx, {
        actor,
        action: 'user.invite',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { expires_at: expiresAt.toISOString(), language: user.language },
      });
      return { token, expiresAt };
    },

    /** The SMS with the link, after the commit, in the person's language: a provider failure is answered, not thrown. */
    async send(user: UserRow, token: string): Promise<boolean> {
      const lang = user.language;
      const site = (await settingsRepository.all(db, lang)).site_name.trim() || 'Cargo';
      const link = `${publicUrl}${SET_PASSWORD_PATH}?token=${token}`;
      try {
        await sms.send({
          to: user.phoneNumber,
          text: text('sms.staff_invitation', lang, { site, hours: INVITATION_HOURS, link }),
          code: token,
          purpose: 'staff_invitation',
        });
        return true;
      } catch {
        return false;
      }
    },

    /** Whether a link is still good, and for whom (the set-password page greets them before the form). */
    async check(token: string): Promise<{ first_name: string; phone_number: string; expires_at: string }> {
      const now = new Date();
      const row = await invitationsRepository.byHash(db, sha256(token));
      if (!row || row.revokedAt || row.usedAt || row.expiresAt <= now) throw refusal(row, now);
      const user = await usersRepository.findById(db, row.userId);
      if (!user || user.blockedAt || user.deletedAt || user.role === 'customer') throw new AppError('invitation_invalid');
      return { first_name: user.firstName, phone_number: user.phoneNumber, expires_at: row.expiresAt.toISOString() };
    },

    /**
     * Sets the password through a link, once: the link is used by a guarded UPDATE (a second use, even at the same
     * moment, finds it used), the password set, earlier sessions ended, the login throttle cleared; audited.
     */
    async accept(token: string, password: string): Promise<{ phone_number: string }> {
      const passwordHash = await hashPassword(password);
      const hash = sha256(token);
      return db.transaction(async (tx) => {
        const now = new Date();
        const used = await invitationsRepository.use(tx, hash, now);
        if (!used) throw refusal(await invitationsRepository.byHash(tx, hash), now);
        const user = await usersRepository.findById(tx, used.userId);
        if (!user || user.blockedAt || user.deletedAt || user.role === 'customer') throw new AppError('invitation_invalid');
        await usersRepository.update(tx, user.id, { passwordHash });
        await sessionsRepository.revokeAllForUser(tx, user.id, 'password_set');
        await loginThrottleRepository.clear(tx, user.phoneNumber);
        await recordAudit(tx, {
          actor: { id: user.id, role: user.role, place: null, ip: null },
          action: 'user.invitation_accepted',
          targetType: 'user',
          targetId: user.id,
          before: null,
          after: { invitation_id: used.id },
        });
        return { phone_number: user.phoneNumber };
      });
    },

    /** Each user's invitation state, for the users list (`on`: the caller's transaction, when inside one). */
    async states(ids: number[], on: DbOrTx = db): Promise<Map<number, InvitationState>> {
      const latest = await invitationsRepository.latestOf(on, ids);
      const now = new Date();
      return new Map(ids.map((id) => [id, invitationState(latest.get(id), now)]));
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

declare module 'fastify' {
  interface FastifyInstance {
    invitations: Invitations;
  }
}

/** Decorates the app with the invitations (the admin's users calls issue them, auth/set-password uses them). */
export const invitationsPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  app.decorate('invitations', createInvitations({ db: app.db, sms: app.sms, publicUrl: opts.publicUrl }));
});
