import { asc } from 'drizzle-orm';
import { isMessageKey, passwordWeakness, VALIDATION_MESSAGES, ZPassword, ZPhone } from '@portal/contract';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { sessionsRepository } from '../auth/sessions-repository';
import { usersRepository } from '../users/users-repository';

export class CreateAdminError extends Error {}

export interface CreateAdminInput {
  phone: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export interface CreateAdminResult {
  action: 'created' | 'promoted' | 'unchanged';
  userId: number;
  phone: string;
  clientCode: string;
}

function english(key: string): string {
  return isMessageKey(key) ? VALIDATION_MESSAGES.en[key] : key;
}

/**
 * Makes `phone` an admin: creates the account, or promotes the existing one (and unblocks it), with
 * the given password (which, like a reset, ends that account's sessions and revokes its QR code). The password must
 * pass the same rule as registration (the contract's ZPassword and passwordWeakness). Audited as the system actor, in the same transaction.
 */
/** Checks the phone and password (the registration rule) before anything is opened or written. */
export function checkAdminInput(input: CreateAdminInput): { phone: string; password: string } {
  const phone = ZPhone.safeParse(input.phone);
  if (!phone.success) throw new CreateAdminError(`--phone: ${english(phone.error.issues[0]?.message ?? '')}`);
  const password = ZPassword.safeParse(input.password);
  if (!password.success) throw new CreateAdminError(`--password: ${english(password.error.issues[0]?.message ?? '')}`);
  const weakness = passwordWeakness(password.data, phone.data);
  if (weakness) throw new CreateAdminError(`--password: ${english(weakness)}`);
  return { phone: phone.data, password: password.data };
}

export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const checked = checkAdminInput(input);
  const phone = { data: checked.phone };
  const passwordHash = await hashPassword(checked.password);
  return db.transaction(async (tx) => {
    const existing = await usersRepository.findByPhone(tx, phone.data);
    if (existing) {
      const before = {
        role: existing.role,
        place_kind: existing.placeKind,
        place_branch_id: existing.placeBranchId,
        blocked: Boolean(existing.blockedAt),
      };
      const updated = await usersRepository.update(tx, existing.id, {
        role: 'admin',
        placeKind: null,
        placeBranchId: null,
        blockedAt: null,
        passwordHash,
      });
      // A new password is a reset: the account's sessions end and its QR code is revoked, as in the forgot flow.
      await sessionsRepository.revokeAllForUser(tx, existing.id, 'password_reset');
      await usersRepository.bumpQrVersion(tx, existing.id);
      const after = { role: 'admin', place_kind: null, place_branch_id: null, blocked: false };
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'user.create_admin',
        targetType: 'user',
        targetId: existing.id,
        before,
        after: { ...after, password: 'set' },
      });
      return {
        action: existing.role === 'admin' ? 'unchanged' : 'promoted',
        userId: existing.id,
        phone: phone.data,
        clientCode: updated!.clientCode,
      };
    }
    const [country] = await tx
      .select({ prefix: countries.clientCodePrefix })
      .from(countries)
      .orderBy(asc(countries.position), asc(countries.id))
      .limit(1);
    const created = await usersRepository.insertWithClientCode(
      tx,
      {
        phoneNumber: phone.data,
        passwordHash,
        firstName: input.firstName?.trim() || 'Admin',
        lastName: input.lastName?.trim() || 'Admin',
        role: 'admin',
      },
      country?.prefix ?? 'KZ',
    );
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: 'user.create_admin',
      targetType: 'user',
      targetId: created.id,
      before: null,
      after: { role: 'admin', phone_number: created.phoneNumber },
    });
    return { action: 'created', userId: created.id, phone: phone.data, clientCode: created.clientCode };
  });
}
