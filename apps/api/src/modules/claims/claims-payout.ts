import type { FastifyInstance } from 'fastify';
import type { TClaimPayoutMethod, TLang, TStaffClaim } from '@portal/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { branchesRepository, type BranchRow } from '../branches/branches-repository';
import { holds } from '../manage/manage-access';
import { refundOnlinePayment } from '../online-payments/online-refunds';
import { assertMethodsAccepted } from '../payments/counter-payments';
import { paymentsService } from '../payments/payments-service';
import type { UserRow } from '../users/users-repository';
import { claimsRepository as repo, type ClaimRow } from './claims-repository';
import { claimsService, notifyClaim } from './claims-service';

/**
 * Paying an approved claim, exactly once whatever happens at once (ADR 088). The claim's guarded UPDATE … WHERE
 * state = 'approved' AND payout_method IS NULL … RETURNING decides which request pays; the loser gets 409 claim_paid
 * and writes nothing. Every method leaves the customer's journal equal to their kept balances:
 * - balance: the claim's credit (a negative charge naming it) in the same transaction as the state `paid`;
 * - cash: the credit and a negative cash payment from the branch's drawer in its open business day, so the close of day
 *   expects that much less cash (the customer's balance unchanged);
 * - provider_refund: the customer's online payment for the parcel is refunded through its provider (online-refunds.ts:
 *   attempt, provider, journal); the payout is marked started first (payout_method), and the credit and state `paid`
 *   are written in the refund's own last transaction; a refused refund clears the mark (the claim stays approved).
 */
export async function payClaim(
  app: FastifyInstance,
  input: { user: UserRow; actor: AuditActor & { id: number }; id: number; method: TClaimPayoutMethod; lang: TLang },
): Promise<TStaffClaim> {
  const { user, actor, id, method } = input;
  const c = await claimsService.claimForStaff(app.db, user, id);
  if (c.state === 'paid') throw new AppError('claim_paid');
  if (c.state !== 'approved' || c.amountApproved === null) throw new AppError('claim_state');
  const branch = await branchesRepository.findById(app.db, c.branchId ?? 0);
  if (!branch) throw new AppError('claim_state');
  const trackCode = await claimsService.trackOf(app.db, c);
  const reason = `claim ${c.id}`;
  const amount = c.amountApproved;

  if (method === 'provider_refund') {
    const online = await repo.onlinePaymentOf(app.db, c.userId, c.orderId);
    if (!online) throw new AppError('claim_no_online_payment');
    const started = await repo.move(app.db, id, ['approved'], { payoutMethod: 'provider_refund' }, repo.noPayoutYet());
    if (!started) throw new AppError('claim_paid');
    try {
      await refundOnlinePayment(app, {
        paymentId: online.id,
        amount,
        reason,
        actor,
        lang: input.lang,
        alsoInTx: async (tx, refundId) => {
          await paymentsService.creditClaim(tx, { claimId: c.id, userId: c.userId, branch, amount, reason });
          await finish(tx, c, { method, ref: `refund:${refundId}`, user, actor, trackCode, branch }, repo.payoutIs('provider_refund'));
        },
      });
    } catch (error) {
      await repo.move(app.db, id, ['approved'], { payoutMethod: null }, repo.payoutIs('provider_refund'));
      throw error;
    }
  } else {
    if (method === 'cash') {
      assertMethodsAccepted(branch, [{ method: 'cash' }]);
      // Cash leaves the drawer of the claim's branch: its own staff or an admin (who stands for it).
      if (user.role !== 'admin' && user.placeBranchId !== branch.id) throw new AppError('forbidden');
    }
    await app.db.transaction(async (tx) => {
      const won = await repo.move(tx, id, ['approved'], { payoutMethod: method }, repo.noPayoutYet());
      if (!won) throw new AppError('claim_paid');
      let ref: string;
      if (method === 'cash') {
        const { paymentId } = await paymentsService.payClaimInCash(tx, {
          claimId: c.id,
          userId: c.userId,
          branch,
          amount,
          staffUserId: user.id,
          reason,
        });
        ref = `payment:${paymentId}`;
      } else {
        await paymentsService.creditClaim(tx, { claimId: c.id, userId: c.userId, branch, amount, reason });
        ref = `credit:${c.id}`;
      }
      await finish(tx, c, { method, ref, user, actor, trackCode, branch }, repo.payoutIs(method));
    });
  }
  return claimsService.staffGet(app.db, user, id, app.uploads.urls).then((v) => ({ ...v, may_exceed_cap: holds(user, 'claims') }));
}

/** approved → paid (the payout this request started), its event, audit row and the customer's notice. */
async function finish(
  tx: Tx,
  c: ClaimRow,
  p: { method: TClaimPayoutMethod; ref: string; user: UserRow; actor: AuditActor; trackCode: string; branch: BranchRow },
  guard: ReturnType<typeof repo.payoutIs>,
) {
  const paid = await repo.move(tx, c.id, ['approved'], { state: 'paid', paidAt: new Date(), paidBy: p.user.id, payoutRef: p.ref }, guard);
  if (!paid) throw new AppError('claim_paid');
  await repo.addEvent(tx, {
    claimId: c.id,
    action: 'paid',
    actorUserId: p.user.id,
    details: { amount: c.amountApproved, method: p.method },
  });
  await recordAudit(tx, {
    actor: p.actor,
    action: 'claim.pay',
    targetType: 'claim',
    targetId: c.id,
    before: { state: 'approved' },
    after: { state: 'paid', method: p.method, amount: c.amountApproved, currency: p.branch.currency, ref: p.ref },
  });
  await notifyClaim(tx, 'claim_paid', paid, p.trackCode);
}
