import type { TClaim, TClaimEvidence, TClaimSummary, TStaffClaim, TStaffClaimRow } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { branchesRepository } from '../branches/branches-repository';
import { declarationsFor } from '../declarations/declarations-repository';
import { parcels, toParcelPhotos } from '../parcels/parcels-service';
import type { MediaUrls } from '../uploads/media-urls';
import { capOf, nextDue } from './claim-rules';
import { claimsRepository as repo, type ClaimParcel, type ClaimRow } from './claims-repository';
import { weightsRepository } from '../weights/weights-repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function summaryOf(c: ClaimRow & { trackCode: string }): TClaimSummary {
  return {
    id: c.id,
    order_id: c.orderId,
    track_code: c.trackCode,
    kind: c.kind,
    state: c.state,
    description: c.description,
    amount_claimed: c.amountClaimed,
    amount_approved: c.amountApproved,
    currency: c.currency,
    reject_reason: c.rejectReason,
    payout_method: c.state === 'paid' ? c.payoutMethod : null,
    decision_due: c.decisionDue.toISOString(),
    created_at: c.createdAt.toISOString(),
    decided_at: iso(c.decidedAt),
    paid_at: iso(c.paidAt),
  };
}

export function staffRowOf(
  c: ClaimRow & { trackCode: string; customerName: string; clientCode: string | null },
  now = new Date(),
): TStaffClaimRow {
  const due = nextDue(c);
  return {
    ...summaryOf(c),
    payout_method: c.payoutMethod,
    customer: { id: c.userId, name: c.customerName, client_code: c.clientCode },
    branch_id: c.branchId,
    source: c.source,
    answer_due: c.answerDue.toISOString(),
    answered_at: iso(c.answeredAt),
    due: iso(due),
    overdue: due !== null && due.getTime() < now.getTime(),
  };
}

/** The cap of a claim on its parcel as it is now (declaration and branch terms read fresh). */
export async function capFor(db: DbOrTx, c: Pick<ClaimRow, 'kind' | 'userId' | 'branchId'>, parcel: ClaimParcel) {
  const declaration = (await declarationsFor(db, [{ userId: c.userId, trackCode: parcel.trackCode }])).get(
    `${c.userId}:${parcel.trackCode}`,
  );
  const branch = await branchesRepository.findById(db, c.branchId ?? parcel.branchId ?? 0);
  const cap = capOf(c.kind, parcel, declaration ?? null, {
    uninsuredPerKg: branch?.uninsuredPerKg ?? 0,
    currency: branch?.currency ?? parcel.currency ?? '',
  });
  return { cap, declaration: declaration ?? null, branch };
}

/** What the claim gathered about its parcel: weights, declaration, cap, photos by kind (signed), the parcel's history. */
export async function evidenceOf(db: DbOrTx, c: ClaimRow, urls: MediaUrls, forStaff: boolean): Promise<TClaimEvidence> {
  const parcel = await repo.parcel(db, c.orderId);
  if (!parcel) throw new Error(`claim ${c.id} without its parcel`);
  const { cap, declaration } = await capFor(db, c, parcel);
  const photos = await parcels.photosOf(db, [c.orderId]);
  const timeline = await repo.timeline(db, c.orderId);
  // Weighed again at the branch (ADR 089): both weights as the check kept them (a confirmed one made the branch's the parcel's).
  const check = await weightsRepository.byOrder(db, c.orderId);
  return {
    parcel: {
      id: parcel.id,
      track_code: parcel.trackCode,
      name: parcel.name,
      status: parcel.status,
      china_weight: check?.chinaWeight ?? parcel.weight,
      branch_weight: check?.branchWeight ?? null,
      price: parcel.price,
      currency: parcel.currency,
      received_at: parcel.receivedAt.toISOString(),
      delivered_at: iso(parcel.deliveredAt),
    },
    declaration: declaration && {
      declared_value: declaration.declaredValue,
      currency: declaration.declaredCurrency,
      insured: declaration.insured,
      premium: declaration.insurancePremium,
      items: declaration.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unitPrice,
        currency: i.currency,
      })),
    },
    cap,
    parcel_photos: await toParcelPhotos(photos, (k) => urls.address(k), forStaff),
    timeline: timeline.map((e) => ({ action: e.action, status: (e.status ?? null) as never, at: e.at.toISOString() })),
  };
}

async function partsOf(db: DbOrTx, c: ClaimRow, urls: MediaUrls, forStaff: boolean) {
  const photos = await Promise.all(
    (await repo.photos(db, c.id)).map(async (p) => ({
      id: p.id,
      url: await urls.address(p.key),
      thumb_url: await urls.address(p.thumbKey),
    })),
  );
  const events = (await repo.events(db, c.id)).map((e) => {
    const d = e.details as { text?: string; reason?: string; amount?: number; method?: string };
    return {
      action: e.action,
      at: e.at.toISOString(),
      by: forStaff || e.actorRole === 'customer' ? e.actorName : null,
      text: d.text ?? d.reason ?? null,
      amount: typeof d.amount === 'number' ? d.amount : null,
      method: (d.method ?? null) as TClaim['payout_method'],
    };
  });
  return { photos, events, evidence: await evidenceOf(db, c, urls, forStaff) };
}

export async function customerViewOf(db: DbOrTx, c: ClaimRow, urls: MediaUrls): Promise<TClaim> {
  const trackCode = (await repo.parcel(db, c.orderId))?.trackCode ?? '';
  return { ...summaryOf({ ...c, trackCode }), ...(await partsOf(db, c, urls, false)) };
}

export async function staffViewOf(db: DbOrTx, c: ClaimRow, urls: MediaUrls, mayExceedCap: boolean): Promise<TStaffClaim> {
  const trackCode = (await repo.parcel(db, c.orderId))?.trackCode ?? '';
  const who = await repo.customerOf(db, c.userId);
  return {
    ...staffRowOf({ ...c, trackCode, customerName: who.name, clientCode: who.clientCode }),
    ...(await partsOf(db, c, urls, true)),
    may_exceed_cap: mayExceedCap,
  };
}
