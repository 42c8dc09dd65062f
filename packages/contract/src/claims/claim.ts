import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZOrderHistoryEvent } from '../orders/order-timeline';
import { ZParcelPhoto } from '../parcels/parcel-photos';
import { ZAmountMinor } from '../payments/payment';

/**
 * Claims (issue 36, ADR 088): the customer opens one about a parcel, the claim gathers its evidence by itself, staff
 * decide within the admin's deadlines, an approved claim is paid exactly once.
 */
export const CLAIM_KINDS = ['lost', 'damaged', 'contents_differ', 'weight_differs'] as const;
export const ZClaimKind = z.enum(CLAIM_KINDS, { error: MSG.invalidValue });
export type TClaimKind = z.infer<typeof ZClaimKind>;

/** open → in_review → approved (amount) | rejected (reason); approved → paid. open and in_review are "open" (one per parcel and kind). */
export const CLAIM_STATES = ['open', 'in_review', 'approved', 'rejected', 'paid'] as const;
export const ZClaimState = z.enum(CLAIM_STATES);
export type TClaimState = z.infer<typeof ZClaimState>;
export const OPEN_CLAIM_STATES: readonly TClaimState[] = ['open', 'in_review'];

/** To the customer's balance (a credit the next hand-over uses), back through the online provider, or cash at the counter. */
export const CLAIM_PAYOUT_METHODS = ['balance', 'provider_refund', 'cash'] as const;
export const ZClaimPayoutMethod = z.enum(CLAIM_PAYOUT_METHODS, { error: MSG.invalidValue });
export type TClaimPayoutMethod = z.infer<typeof ZClaimPayoutMethod>;

/** Who opened it: the customer, or their dispute of the branch's weight (issue 36, weight variance). */
export const CLAIM_SOURCES = ['customer', 'weight_dispute'] as const;
export type TClaimSource = (typeof CLAIM_SOURCES)[number];

export const CLAIM_EVENT_ACTIONS = ['opened', 'photos', 'taken', 'message', 'reply', 'approved', 'rejected', 'paid'] as const;
export type TClaimEventAction = (typeof CLAIM_EVENT_ACTIONS)[number];

/** At most this many photos the customer sends with a claim. */
export const MAX_CLAIM_PHOTOS = 5;
export const CLAIM_TEXT_MAX = 2000;

const ZClaimText = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(CLAIM_TEXT_MAX, { error: MSG.tooLong });

/** The admin's claim settings (kept in `settings`, ADR 088). */
export const ZClaimSettings = z.strictObject({
  /** Hours staff have to take a new claim in review (first answer). */
  answer_hours: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.invalidValue })
    .max(720, { error: MSG.invalidValue }),
  /** Days from opening within which a claim is decided. */
  decision_days: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.invalidValue })
    .max(365, { error: MSG.invalidValue }),
  /** Damage, contents and weight claims: at the branch, or within this many days of the hand-over. */
  damage_days: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(365, { error: MSG.invalidValue }),
  /** A parcel in transit counts as lost this many days after dispatch when its flight names no expected date, or past it. */
  lost_after_days: z
    .number({ error: MSG.required })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.invalidValue })
    .max(365, { error: MSG.invalidValue }),
});
export type TClaimSettings = z.infer<typeof ZClaimSettings>;
export const DEFAULT_CLAIM_SETTINGS: TClaimSettings = { answer_hours: 24, decision_days: 14, damage_days: 7, lost_after_days: 10 };
export const ZClaimSettingsResponse = ZData(ZClaimSettings);

/** The compensation cap and how it was reached (ADR 088), minor units of `currency`. */
export const ZClaimCap = z.object({
  /** Insured: the declared value; else the uninsured limit per kg of the China weight. */
  basis: z.enum(['insured', 'uninsured']),
  goods: z.number().int(),
  /** Lost parcels: the freight price comes back too (0 otherwise or while unknown). */
  freight: z.number().int(),
  total: z.number().int(),
  currency: z.string().nullable(),
});
export type TClaimCap = z.infer<typeof ZClaimCap>;

/** What the claim gathered by itself about its parcel. */
export const ZClaimEvidence = z.object({
  parcel: z.object({
    id: z.number().int(),
    track_code: z.string(),
    name: z.string(),
    status: ZOrderStatusCode,
    /** Weighed at the China warehouse (kg). */
    china_weight: z.number(),
    /** Weighed at the branch (kg), when the branch weighed it. */
    branch_weight: z.number().nullable(),
    price: z.number().int().nullable(),
    currency: z.string().nullable(),
    received_at: z.string(),
    delivered_at: z.string().nullable(),
  }),
  declaration: z
    .object({
      declared_value: z.number().int().nullable(),
      currency: z.string().nullable(),
      insured: z.boolean(),
      premium: z.number().int().nullable(),
      items: z.array(z.object({ description: z.string(), quantity: z.number().int(), unit_price: z.number().int(), currency: z.string() })),
    })
    .nullable(),
  cap: ZClaimCap,
  /** Parcel photos by kind (intake in China, damage, hand-over at the branch), signed addresses. */
  parcel_photos: z.array(ZParcelPhoto),
  timeline: z.array(ZOrderHistoryEvent),
});
export type TClaimEvidence = z.infer<typeof ZClaimEvidence>;

export const ZClaimPhoto = z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string() });

/** One step of the claim as shown: messages carry their text, decisions their amount or reason. */
export const ZClaimEvent = z.object({
  action: z.enum(CLAIM_EVENT_ACTIONS),
  at: z.string(),
  /** Staff see who; customers see null for staff. */
  by: z.string().nullable(),
  text: z.string().nullable(),
  amount: z.number().int().nullable(),
  method: ZClaimPayoutMethod.nullable(),
});

/** A claim as its customer sees it (list row: without evidence and events). */
export const ZClaimSummary = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  track_code: z.string(),
  kind: ZClaimKind,
  state: ZClaimState,
  description: z.string(),
  amount_claimed: z.number().int().nullable(),
  amount_approved: z.number().int().nullable(),
  currency: z.string().nullable(),
  reject_reason: z.string().nullable(),
  payout_method: ZClaimPayoutMethod.nullable(),
  decision_due: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type TClaimSummary = z.infer<typeof ZClaimSummary>;

export const ZClaim = ZClaimSummary.extend({
  photos: z.array(ZClaimPhoto),
  events: z.array(ZClaimEvent),
  evidence: ZClaimEvidence,
});
export type TClaim = z.infer<typeof ZClaim>;

/** Staff's queue row: the deadlines and whether the next one has passed. */
export const ZStaffClaimRow = ZClaimSummary.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), client_code: z.string().nullable() }),
  branch_id: z.number().int().nullable(),
  source: z.enum(CLAIM_SOURCES),
  answer_due: z.string(),
  answered_at: z.string().nullable(),
  /** The deadline that comes next (answer, then decision); null once decided. */
  due: z.string().nullable(),
  overdue: z.boolean(),
});
export type TStaffClaimRow = z.infer<typeof ZStaffClaimRow>;

export const ZStaffClaim = ZStaffClaimRow.extend({
  photos: z.array(ZClaimPhoto),
  events: z.array(ZClaimEvent),
  evidence: ZClaimEvidence,
  /** Whether this staff member may approve above the cap (admin or the capability `claims`). */
  may_exceed_cap: z.boolean(),
});
export type TStaffClaim = z.infer<typeof ZStaffClaim>;

// ── Customer operations ──
/** POST claims */
export const ZOpenClaimRequest = z.strictObject({
  order_id: ZId,
  kind: ZClaimKind,
  description: ZClaimText,
  amount_claimed: ZAmountMinor.optional(),
});
export type TOpenClaimRequest = z.infer<typeof ZOpenClaimRequest>;
export const ZClaimResponse = ZData(ZClaim);
export type TClaimResponse = z.infer<typeof ZClaimResponse>;
export const ZClaimsResponse = ZData(z.array(ZClaimSummary));
export type TClaimsResponse = z.infer<typeof ZClaimsResponse>;
export const ZClaimParams = z.strictObject({ id: ZId });
/** POST claims/{id}/message, manage/claims/{id}/message */
export const ZClaimMessageRequest = z.strictObject({ text: ZClaimText });

// ── Staff operations ──
export const ZStaffClaimsQuery = z.strictObject({
  /** open: open and in review (default); approved: waiting for payout; done: rejected and paid (latest first). */
  view: z.enum(['open', 'approved', 'done']).optional(),
  branch_id: ZId.optional(),
});
export const ZStaffClaimsResponse = ZData(z.array(ZStaffClaimRow));
export type TStaffClaimsResponse = z.infer<typeof ZStaffClaimsResponse>;
export const ZStaffClaimResponse = ZData(ZStaffClaim);
export type TStaffClaimResponse = z.infer<typeof ZStaffClaimResponse>;
export const ZApproveClaimRequest = z.strictObject({
  amount: ZAmountMinor,
  note: z.string().trim().max(CLAIM_TEXT_MAX, { error: MSG.tooLong }).optional(),
});
export const ZRejectClaimRequest = z.strictObject({ reason: ZClaimText });
export const ZPayClaimRequest = z.strictObject({ method: ZClaimPayoutMethod });
