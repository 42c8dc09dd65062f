import { z } from 'zod';
import { MSG } from '../common/messages';
import { ZOrderStatusCode } from '../orders/order-status';
import { ZRole } from '../users/user';
import { ZParcelWeights } from '../parcels/chargeable-weight';
import { ZCustomsHold } from '../customs/customs-hold-view';

/** Codes one dispatch, arrival or lookup call may carry (scanners send one at a time; pasted lists stay bounded). */
export const MAX_CODES_PER_CALL = 500;
/** Parcels one "all matching" dispatch may move. */
export const MAX_DISPATCH_ALL = 10_000;

/** "A phone number or a client code", as staff type it to find a customer. */
export const ZCustomerRef = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64, { error: MSG.tooLong });

export const ZBranchRef = z.object({ id: z.number().int(), name: z.string() });
export type TBranchRef = z.infer<typeof ZBranchRef>;

export const ZCustomerSummary = z.object({
  id: z.number().int(),
  client_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  branch: ZBranchRef.nullable(),
});
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

/** A parcel as staff see it. */
export const ZManageParcel = z.object({
  id: z.number().int(),
  track_code: z.string(),
  /** Our number (ADR 079), what our label prints: P + 9 digits + check digit. */
  number: z.string(),
  /** Boxes it was received as (1 for a single box; each has its own label). */
  boxes: z.number().int(),
  name: z.string(),
  status: ZOrderStatusCode,
  status_name: z.string(),
  weight: z.number(),
  /** Actual, volumetric and chargeable weight (the price at arrival is chargeable × tariff). */
  weights: ZParcelWeights,
  tariff: z.number().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** The insurance premium fixed at dispatch (major units, the branch's currency), charged with the price; 0 when none. */
  insurance_premium: z.number(),
  /** The branch it is addressed to (or arrived at). */
  branch: ZBranchRef.nullable(),
  customer: ZCustomerSummary.nullable(),
  label_client_code: z.string().nullable(),
  received_at: z.string(),
  dispatched_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  storage_until: z.string().nullable(),
  receipt_id: z.number().int().nullable(),
  /** The parcel's version for an admin correction (sent back as updated_at; a later change makes it stale). */
  updated_at: z.string(),
  /** Held as disputed: several customers saved its code; staff assign it at manage/disputes. */
  disputed: z.boolean(),
  /** Held by customs (issue 36, ADR 085): why and since when; null when not held. Arrival waits for the release. */
  customs_hold: ZCustomsHold.nullable(),
});
export type TManageParcel = z.infer<typeof ZManageParcel>;

/** One entry of a parcel's history: who did what, when, where from. */
export const ZParcelEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  status: ZOrderStatusCode.nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: ZRole }).nullable(),
  branch: ZBranchRef.nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** A sentence in the reader's language for events that need one (a correction: what changed, from → to). */
  text: z.string().nullable().optional(),
  at: z.string(),
});
export type TParcelEvent = z.infer<typeof ZParcelEvent>;

/** What happened to one scanned or listed code in a batch call. */
export const SCAN_OUTCOMES = [
  'moved',
  'not_found',
  'wrong_status',
  'unclaimed',
  'other_branch',
  'already_done',
  'invalid',
  'customs_held',
] as const;
export const ZScanOutcome = z.enum(SCAN_OUTCOMES);
export type TScanOutcome = z.infer<typeof ZScanOutcome>;

export const ZScanResult = z.object({
  track_code: z.string(),
  outcome: ZScanOutcome,
  /** A sentence in the request's language that staff can read at a glance. */
  message: z.string(),
  parcel: ZManageParcel.nullable(),
  /** other_branch: where the parcel is addressed. */
  addressed_to: ZBranchRef.nullable().optional(),
});
export type TScanResult = z.infer<typeof ZScanResult>;

export const ZScanCounts = z.object({ moved: z.number().int(), skipped: z.number().int() });
