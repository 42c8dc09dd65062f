import { and, count, eq, ne } from 'drizzle-orm';
import { formatMoney, toMajor, type TLang } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { orders, orderStatuses, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { CodesService } from '../auth/codes-service';
import { loginThrottleRepository } from '../auth/login-throttle-repository';
import { sessionsRepository } from '../auth/sessions-repository';
import { forgetCustomerContacts } from '../notifications/forget-customer';
import { paymentsRepository } from '../payments/payments-repository';
import { pickupSlotsService } from '../pickup-slots/pickup-slots-service';
import { supportsRepository } from '../supports/supports-repository';
import { tracksLinks } from '../tracks/tracks-links';
import { trustedRepository } from '../trusted/trusted-repository';
import { usersRepository, type UserRow } from './users-repository';

/** The phone a deleted account keeps: unique, never a number (ZPhone refuses it), so the real number is free again. */
export const tombstonePhone = (id: number) => `deleted:${id}`;

/** An argon2 verification of this throws, which verifyPassword answers as a wrong password. */
const NO_PASSWORD = '!deleted';

/**
 * Why a customer cannot delete their account now (ADR 069): a parcel of theirs not yet handed over (received in China,
 * on the way or waiting at a branch: it would arrive for nobody), or money they owe. Refused in their language.
 */
async function assertDeletable(db: DbOrTx, user: UserRow, lang: TLang): Promise<void> {
  if (user.deletedAt) throw new AppError('account_deleted');
  if (user.role !== 'customer') throw new AppError('not_a_customer');
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(and(eq(orders.userId, user.id), ne(orderStatuses.code, 'delivered')));
  if ((open?.n ?? 0) > 0) throw new AppError('account_has_parcels', { params: { parcels: open!.n } });
  const owed = (await paymentsRepository.balances(db, user.id)).filter((b) => b.balance > 0);
  if (owed.length)
    throw new AppError('account_has_debt', {
      params: { amount: owed.map((b) => formatMoney(toMajor(b.balance), b.currency, lang)).join(', ') },
    });
}

export function createAccountDeletion(deps: { db: Db; codes: CodesService }) {
  const { db, codes } = deps;
  return {
    /** The code before a deletion, sent only when the account could be deleted now (no SMS spent on a refusal). */
    async sendCode(user: UserRow, client: { ip: string; lang: TLang }) {
      await assertDeletable(db, user, client.lang);
      return codes.send({ phone: user.phoneNumber, purpose: 'delete_account', ip: client.ip, lang: client.lang, deliver: true });
    },

    /**
     * The code proves the number; then, in one transaction under the account's row lock and the payments module's
     * customer lock (so a hand-over or a payment in progress finishes first, and is then seen), the rules are checked
     * again and the personal data erased. The row stays, so parcels, payments, receipts and the audit keep its id.
     */
    async erase(actor: AuditActor, user: UserRow, code: string, lang: TLang): Promise<void> {
      await assertDeletable(db, user, lang);
      const proof = await codes.verify({ phone: user.phoneNumber, purpose: 'delete_account', code, userId: user.id });
      await db.transaction(async (tx) => {
        await paymentsRepository.lockCustomer(tx, user.id);
        const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update').limit(1);
        if (!current) throw new AppError('not_found');
        await codes.consumeToken(tx, proof.verification_token, current.phoneNumber, 'delete_account');
        await assertDeletable(tx, current, lang);
        const now = new Date();
        await usersRepository.update(tx, user.id, {
          phoneNumber: tombstonePhone(user.id),
          firstName: '',
          lastName: '',
          passwordHash: NO_PASSWORD,
          gender: null,
          dateOfBirth: null,
          // The personal numbers for customs (ADR 084) are personal data too.
          iin: null,
          personalNumber: null,
          deletedAt: now,
          // Blocked too: every path that refuses a blocked account (sign-in, refresh, the counter, broadcasts) refuses it.
          blockedAt: current.blockedAt ?? now,
        });
        await sessionsRepository.revokeAllForUser(tx, user.id, 'account_deleted');
        await usersRepository.bumpQrVersion(tx, user.id);
        await loginThrottleRepository.clear(tx, current.phoneNumber);
        await forgetCustomerContacts(tx, user.id);
        await tracksLinks.forgetCustomer(tx, user.id);
        await supportsRepository.forgetContact(tx, user.id);
        // What they arranged for later ends with the account: a booked pickup's place goes back to its slot, and no one
        // they trusted can collect in their name any more.
        await pickupSlotsService.forgetCustomer(tx, user.id, now);
        await trustedRepository.revokeAllOf(tx, user.id, now);
        // The audit names the account by id and client code only: the person's data is what was erased.
        await recordAudit(tx, {
          actor,
          action: 'user.delete',
          targetType: 'user',
          targetId: user.id,
          before: { client_code: current.clientCode, deleted: false },
          after: { client_code: current.clientCode, deleted: true },
        });
      });
    },
  };
}
