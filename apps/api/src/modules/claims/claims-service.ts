import {
  MAX_CLAIM_PHOTOS,
  type TClaim,
  type TClaimKind,
  type TClaimSource,
  type TClaimSummary,
  type TStaffClaim,
  type TStaffClaimRow,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { holds } from '../manage/manage-access';
import { notificationsService } from '../notifications/notifications-service';
import { claimsSettings } from '../settings/claims-settings';
import type { StoredPhoto } from '../uploads/uploads-service';
import type { MediaUrls } from '../uploads/media-urls';
import type { UserRow } from '../users/users-repository';
import { deadlinesOf, kindFits } from './claim-rules';
import { claimsRepository as repo, type ClaimRow } from './claims-repository';
import { capFor, customerViewOf, staffRowOf, staffViewOf, summaryOf } from './claims-views';
import { branchesRepository } from '../branches/branches-repository';

/**
 * Claims (issue 36, ADR 088): opened by the customer (or their weight dispute), decided by staff of the parcel's
 * branch or an admin within the admin's deadlines, paid once (claims-payout.ts). Every step is one guarded UPDATE …
 * WHERE state … RETURNING, an event on the claim, an audit row for staff, and a notification to the customer.
 */

/** What the customer is told about a claim (kept as the notification's params; words rendered when shown). */
export function claimNotice(c: ClaimRow, trackCode: string, message?: string) {
  return {
    ...(message !== undefined && { message }),
    claim_id: c.id,
    track_code: trackCode,
    kind: c.kind,
    state: c.state,
    amount: c.amountApproved,
    currency: c.currency,
    method: c.state === 'paid' ? c.payoutMethod : null,
  };
}

export async function notifyClaim(
  tx: Tx,
  event: 'claim_opened' | 'claim_message' | 'claim_decided' | 'claim_paid',
  c: ClaimRow,
  trackCode: string,
  message?: string,
) {
  await notificationsService.notify(tx, [
    { userId: c.userId, event, params: claimNotice(c, trackCode, message) as never, link: `/claims/${c.id}` },
  ]);
}

/**
 * THE way a claim is opened, for the customer's form and for other modules (a disputed weight, issue 36): inside the
 * caller's transaction, idempotent per open (parcel, kind) — an open claim of the same parcel and kind is answered
 * (`created: false`) instead of a second one (the unique partial index decides between simultaneous calls). The parcel
 * must be the user's (404 otherwise); a customer's claim must fit the parcel's status (claim_not_allowed, 422; a
 * weight dispute is its own reason). Deadlines come from the admin's settings at this moment.
 */
export async function openClaim(
  tx: Tx,
  input: { orderId: number; userId: number; kind: TClaimKind; description: string; source: TClaimSource; amountClaimed?: number },
): Promise<{ id: number; created: boolean }> {
  const parcel = await repo.parcel(tx, input.orderId);
  if (!parcel || parcel.userId !== input.userId) throw notFound();
  const had = await repo.openOf(tx, input.orderId, input.kind);
  if (had) return { id: had.id, created: false };
  const settings = await claimsSettings.get(tx);
  const now = new Date();
  const branch = parcel.branchId === null ? undefined : await branchesRepository.findById(tx, parcel.branchId);
  if (input.source === 'customer' && !kindFits(input.kind, parcel, settings, now, branch?.timeZone))
    throw new AppError('claim_not_allowed');
  const row = await repo.insert(tx, {
    orderId: input.orderId,
    userId: input.userId,
    branchId: parcel.branchId,
    kind: input.kind,
    source: input.source,
    description: input.description,
    amountClaimed: input.amountClaimed ?? null,
    currency: branch?.currency ?? parcel.currency,
    ...deadlinesOf(settings, now),
  });
  if (!row) {
    const other = await repo.openOf(tx, input.orderId, input.kind);
    if (!other) throw new AppError('claim_exists');
    return { id: other.id, created: false };
  }
  await repo.addEvent(tx, { claimId: row.id, action: 'opened', actorUserId: input.userId, details: { source: input.source } });
  await notifyClaim(tx, 'claim_opened', row, parcel.trackCode);
  return { id: row.id, created: true };
}

/** A staff member's reach: admins every claim, a branch's staff the claims of parcels at their branch; others none. */
export function staffBranchOf(user: UserRow): number | null {
  if (user.role === 'admin') return null;
  if (user.role === 'staff' && user.placeKind === 'branch' && user.placeBranchId !== null) return user.placeBranchId;
  throw forbidden();
}

async function claimForStaff(db: Db | Tx, user: UserRow, id: number): Promise<ClaimRow> {
  const own = staffBranchOf(user);
  const c = await repo.byId(db, id);
  if (!c || (own !== null && c.branchId !== own)) throw notFound();
  return c;
}

async function claimForCustomer(db: Db | Tx, userId: number, id: number): Promise<ClaimRow> {
  const c = await repo.byId(db, id);
  if (!c || c.userId !== userId) throw notFound();
  return c;
}

const trackOf = async (db: Db | Tx, c: ClaimRow) => (await repo.parcel(db, c.orderId))?.trackCode ?? '';

export const claimsService = {
  async open(
    db: Db,
    userId: number,
    input: { order_id: number; kind: TClaimKind; description: string; amount_claimed?: number },
    urls: MediaUrls,
  ): Promise<TClaim> {
    const id = await db.transaction(async (tx) => {
      const out = await openClaim(tx, {
        orderId: input.order_id,
        userId,
        kind: input.kind,
        description: input.description,
        source: 'customer',
        amountClaimed: input.amount_claimed,
      });
      if (!out.created) throw new AppError('claim_exists');
      return out.id;
    });
    return customerViewOf(db, (await repo.byId(db, id))!, urls);
  },

  async list(db: Db, userId: number): Promise<TClaimSummary[]> {
    return (await repo.ofUser(db, userId)).map(summaryOf);
  },

  async get(db: Db, userId: number, id: number, urls: MediaUrls): Promise<TClaim> {
    return customerViewOf(db, await claimForCustomer(db, userId, id), urls);
  },

  /** The customer adds photos while the claim is undecided, at most MAX_CLAIM_PHOTOS in all (409 photo_limit). */
  async addPhotos(db: Db, userId: number, id: number, photos: StoredPhoto[], urls: MediaUrls): Promise<TClaim> {
    await db.transaction(async (tx) => {
      const c = await claimForCustomer(tx, userId, id);
      if (c.state !== 'open' && c.state !== 'in_review') throw new AppError('claim_state');
      if ((await repo.addPhotos(tx, id, photos, MAX_CLAIM_PHOTOS)) === 'limit') throw new AppError('photo_limit');
      await repo.addEvent(tx, { claimId: id, action: 'photos', actorUserId: userId, details: { count: photos.length } });
    });
    return this.get(db, userId, id, urls);
  },

  /** The customer answers staff (or adds a word) while the claim is not final. */
  async reply(db: Db, userId: number, id: number, text: string, urls: MediaUrls): Promise<TClaim> {
    await db.transaction(async (tx) => {
      const c = await claimForCustomer(tx, userId, id);
      if (c.state === 'rejected' || c.state === 'paid') throw new AppError('claim_state');
      await repo.addEvent(tx, { claimId: id, action: 'reply', actorUserId: userId, details: { text } });
    });
    return this.get(db, userId, id, urls);
  },

  // ── Staff ──
  async queue(db: Db, user: UserRow, view: 'open' | 'approved' | 'done', branchId: number | undefined): Promise<TStaffClaimRow[]> {
    const own = staffBranchOf(user);
    if (own !== null && branchId !== undefined && branchId !== own) throw forbidden();
    const now = new Date();
    return (await repo.queue(db, view, own ?? branchId ?? null)).map((c) => staffRowOf(c, now));
  },

  async staffGet(db: Db, user: UserRow, id: number, urls: MediaUrls): Promise<TStaffClaim> {
    return staffViewOf(db, await claimForStaff(db, user, id), urls, holds(user, 'claims'));
  },

  /** open → in_review: the first answer (its deadline met or not, kept). */
  async take(db: Db, user: UserRow, actor: AuditActor, id: number, urls: MediaUrls): Promise<TStaffClaim> {
    await db.transaction(async (tx) => {
      const c = await claimForStaff(tx, user, id);
      const moved = await repo.move(tx, id, ['open'], { state: 'in_review', answeredAt: c.answeredAt ?? new Date() });
      if (!moved) throw new AppError('claim_state');
      await repo.addEvent(tx, { claimId: id, action: 'taken', actorUserId: user.id });
      await recordAudit(tx, {
        actor,
        action: 'claim.take',
        targetType: 'claim',
        targetId: id,
        before: { state: c.state },
        after: { state: 'in_review' },
      });
    });
    return this.staffGet(db, user, id, urls);
  },

  /** Staff ask the customer for more (shown on the claim); counts as the first answer. */
  async message(db: Db, user: UserRow, actor: AuditActor, id: number, text: string, urls: MediaUrls): Promise<TStaffClaim> {
    await db.transaction(async (tx) => {
      const c = await claimForStaff(tx, user, id);
      if (c.state !== 'open' && c.state !== 'in_review') throw new AppError('claim_state');
      if (!c.answeredAt) await repo.move(tx, id, ['open', 'in_review'], { answeredAt: new Date() });
      await repo.addEvent(tx, { claimId: id, action: 'message', actorUserId: user.id, details: { text } });
      await recordAudit(tx, { actor, action: 'claim.message', targetType: 'claim', targetId: id, after: { text } });
      // The customer is told what was asked, in their language (a notification, by their channels).
      await notifyClaim(tx, 'claim_message', c, await trackOf(tx, c), text);
    });
    return this.staffGet(db, user, id, urls);
  },

  /** Approve with an amount up to the cap (above: an admin or the capability `claims`, else 403 claim_over_cap). */
  async approve(db: Db, user: UserRow, actor: AuditActor, id: number, amount: number, note: string | undefined, urls: MediaUrls) {
    await db.transaction(async (tx) => {
      const c = await claimForStaff(tx, user, id);
      const parcel = (await repo.parcel(tx, c.orderId))!;
      const { cap } = await capFor(tx, c, parcel);
      if (amount > cap.total && !holds(user, 'claims'))
        throw new AppError('claim_over_cap', { params: { amount_minor: cap.total, currency: cap.currency ?? '' } });
      const now = new Date();
      const moved = await repo.move(tx, id, ['open', 'in_review'], {
        state: 'approved',
        amountApproved: amount,
        currency: cap.currency ?? c.currency,
        decidedAt: now,
        decidedBy: user.id,
        answeredAt: c.answeredAt ?? now,
      });
      if (!moved) throw new AppError('claim_state');
      await repo.addEvent(tx, {
        claimId: id,
        action: 'approved',
        actorUserId: user.id,
        details: { amount, ...(note ? { text: note } : {}) },
      });
      await recordAudit(tx, {
        actor,
        action: 'claim.approve',
        targetType: 'claim',
        targetId: id,
        before: { state: c.state, cap: cap.total },
        after: { state: 'approved', amount, currency: moved.currency, over_cap: amount > cap.total },
      });
      await notifyClaim(tx, 'claim_decided', moved, parcel.trackCode);
    });
    return this.staffGet(db, user, id, urls);
  },

  async reject(db: Db, user: UserRow, actor: AuditActor, id: number, reason: string, urls: MediaUrls) {
    await db.transaction(async (tx) => {
      const c = await claimForStaff(tx, user, id);
      const now = new Date();
      const moved = await repo.move(tx, id, ['open', 'in_review'], {
        state: 'rejected',
        rejectReason: reason,
        decidedAt: now,
        decidedBy: user.id,
        answeredAt: c.answeredAt ?? now,
      });
      if (!moved) throw new AppError('claim_state');
      await repo.addEvent(tx, { claimId: id, action: 'rejected', actorUserId: user.id, details: { reason } });
      await recordAudit(tx, {
        actor,
        action: 'claim.reject',
        targetType: 'claim',
        targetId: id,
        before: { state: c.state },
        after: { state: 'rejected', reason },
      });
      await notifyClaim(tx, 'claim_decided', moved, await trackOf(tx, c));
    });
    return this.staffGet(db, user, id, urls);
  },

  claimForStaff,
  trackOf,
};
