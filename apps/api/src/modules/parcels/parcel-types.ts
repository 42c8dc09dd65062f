import type { TDimensionsCm } from '@portal/contract';
import type { AuditActor } from '../audit/audit';
import type { PhotoKeys } from './parcel-photos';
import type { NotifiableOrder } from './parcel-notifications';

/** Who did something to a parcel, and from where (kept in the parcel's history). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
  branchId?: number | null;
  /**
   * A staff or admin request's actor (auditActorOf): then every transition also writes one audit row per parcel in
   * the same transaction. The /manage works always pass it; a customer's own claim does not.
   */
  audit?: AuditActor;
  /**
   * Replaying the past (the demo seed): the history is written, nobody is told — the seed writes the messages its
   * customer got, dated when they were sent. Never set by a request.
   */
  quiet?: boolean;
}

/** The columns a transition answers with: enough for events, notifications and claims. */
export type LifecycleOrderRow = NotifiableOrder & {
  userId: number | null;
  branchId: number | null;
  statusId: number;
  tariff: number | null;
  /** Minor units: the insurance premium fixed at dispatch (ADR 090), 0 when not insured. */
  insurancePremium?: number;
  /** Minor units per day after storage_until (0 = free storage). */
  storageFeePerDay?: number;
  dimensions?: TDimensionsCm | null;
  volumetricWeight?: number | null;
  volumetricDivisor?: number | null;
};

/** The customer a parcel is given to. */
export interface ClaimingUser {
  id: number;
  branchId: number | null;
}

/** How an owner got their parcel (ADR 021): only 'saved_track' owners can lose it to a dispute. */
export type OwnerSource = 'saved_track' | 'label' | 'staff';

export interface ReceiveInput {
  trackCode: string;
  weight: number;
  /** cm, when measured: the volumetric weight is computed with the divisor setting in force now. */
  dimensions?: TDimensionsCm | null;
  name: string;
  labelClientCode: string | null;
  /** Intake photos (stored by the uploads service), linked to the new parcel, taken by the actor (ADR 081). */
  photos?: PhotoKeys[];
  /** Given at once (import: the owner the plan found), and how they were found. */
  userId?: number | null;
  branchId?: number | null;
  ownerSource?: OwnerSource | null;
  /** Several customers saved the code and the label named none of them: held as disputed, these savers told. */
  disputedBy?: number[];
  /** Received as several boxes under this code (issue 35): each box's weight (null when only the total was weighed). */
  boxes?: (number | null)[];
}

/** What a correction answers: every parcel it changed (the asked one first) and, for an undone hand-over, its money. */
export interface CorrectionOutcome {
  orderIds: number[];
  undoneReceipt: { id: number; chargeReversed: number; paymentsReturned: number; currency: string } | null;
}

/**
 * How far a staff member's correction reaches (ADR 075; admins: null, everywhere): branch staff the parcels of their own
 * branch, undoing only a hand-over made there today in the branch's time zone; warehouse staff the parcels still at
 * the China warehouse, never a hand-over.
 */
export type CorrectionReach = { branchId: number; timeZone: string } | { warehouse: true } | null;
