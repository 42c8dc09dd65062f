import type { TAdminUser, TLang } from '@portal/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { SmsDriver } from '../../plugins/sms';
import { recordAudit, type AuditActor } from '../audit/audit';
import { sessionsRepository } from '../auth/sessions-repository';
import { settingsRepository } from '../settings/settings-repository';
import { toAdminUser } from './admin-users-service';
import { usersRepository, type UserRow } from './users-repository';
import { text } from '../../texts/texts';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The customer an admin may rescue: exists, is a customer, is not deleted, and was not changed since the admin read it. */
function assertRescuable(actor: AuditActor, row: UserRow | undefined, updatedAt: string | undefined): asserts row is UserRow {
  if (!row) throw new AppError('not_found');
  if (actor.id === row.id) throw new AppError('own_account');
  if (row.deletedAt) throw new AppError('account_deleted');
  if (row.role !== 'customer') throw new AppError('not_a_customer');
  if (updatedAt !== undefined && row.updatedAt.toISOString() !== updatedAt) throw new AppError('stale_write');
}

/**
 * Rescue of a customer who lost their SIM (and maybe their password): an admin moves the account to a new number or
 * corrects the name. One transaction per change with its audit row; the unique phone column decides between two
 * simultaneous moves to one number (the loser's 23505 → `phone_taken`).
 */
export function createAdminUserRescue(deps: { db: Db; sms: SmsDriver }) {
  const { db, sms } = deps;
  return {
    async changePhone(
      actor: AuditActor,
      id: number,
      input: { phone_number: string; reason: string; updated_at?: string },
    ): Promise<{ user: TAdminUser; sms_sent: boolean }> {
      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
          assertRescuable(actor, current, input.updated_at);
          if (current.phoneNumber === input.phone_number) throw new AppError('phone_same', { fields: { phone_number: ['phone_same'] } });
          if (await usersRepository.phoneExists(tx, input.phone_number))
            throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
          const row = (await usersRepository.update(tx, id, { phoneNumber: input.phone_number }))!;
          // Whoever holds the old SIM (or a stolen phone) is signed out, and the QR code they may have is void.
          await sessionsRepository.revokeAllForUser(tx, id, 'phone_changed_by_admin');
          const bumped = await usersRepository.bumpQrVersion(tx, id);
          await recordAudit(tx, {
            actor,
            action: 'user.phone_change',
            targetType: 'user',
            targetId: id,
            before: { phone_number: current.phoneNumber },
            after: { phone_number: row.phoneNumber, reason: input.reason },
          });
          return bumped;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('phone_taken', { fields: { phone_number: ['phone_taken'] } });
        throw error;
      }
      return { user: toAdminUser(updated), sms_sent: await this.tellNewNumber(updated) };
    },

    /** The SMS to the new number, after the commit: a provider failure does not undo the change, the admin is told. */
    async tellNewNumber(row: UserRow): Promise<boolean> {
      const lang: TLang = row.language;
      const site = (await settingsRepository.all(db, lang)).site_name.trim() || 'Cargo';
      try {
        await sms.send({
          to: row.phoneNumber,
          text: text('sms.phone_changed_by_staff', lang, { site, code: row.clientCode }),
          purpose: 'phone_changed_by_admin',
        });
        return true;
      } catch {
        return false;
      }
    },

    async rename(
      actor: AuditActor,
      id: number,
      input: { first_name: string; last_name: string; updated_at?: string },
    ): Promise<TAdminUser> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
        assertRescuable(actor, current, input.updated_at);
        const row = (await usersRepository.update(tx, id, { firstName: input.first_name, lastName: input.last_name }))!;
        await recordAudit(tx, {
          actor,
          action: 'user.rename',
          targetType: 'user',
          targetId: id,
          before: { first_name: current.firstName, last_name: current.lastName },
          after: { first_name: row.firstName, last_name: row.lastName },
        });
        return toAdminUser(row);
      });
    },
  };
}
