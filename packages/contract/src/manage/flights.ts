import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay, ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZBranchRef, ZManageParcel } from './manage-common';

/** How a flight travels. */
export const FLIGHT_MODES = ['truck', 'rail', 'air'] as const;
export const ZFlightMode = z.enum(FLIGHT_MODES);
export type TFlightMode = z.infer<typeof ZFlightMode>;

/** Destination branches one flight may have. */
export const MAX_FLIGHT_BRANCHES = 50;

const ZArrivalInput = z.strictObject({ branch_id: ZId, expected_arrival: ZCalendarDay });

const distinctBranches = (list: { branch_id: number }[]) => new Set(list.map((a) => a.branch_id)).size === list.length;

/** POST manage/flights (warehouse): a new flight with its expected arrival per destination branch. */
export const ZCreateFlightRequest = z
  .strictObject({
    mode: ZFlightMode,
    carrier_ref: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(60, { error: MSG.tooLong }),
    departure_date: ZCalendarDay,
    arrivals: z.array(ZArrivalInput).min(1, { error: MSG.required }).max(MAX_FLIGHT_BRANCHES, { error: MSG.tooLong }),
  })
  .refine((b) => distinctBranches(b.arrivals), { error: MSG.invalidValue, path: ['arrivals'] })
  .refine((b) => b.arrivals.every((a) => a.expected_arrival >= b.departure_date), {
    error: MSG.arrivalBeforeDeparture,
    path: ['arrivals'],
  });
export type TCreateFlightRequest = z.input<typeof ZCreateFlightRequest>;

/** One destination of a flight: when it is expected there, and how many of its parcels for that branch arrived. */
export const ZFlightArrival = z.object({
  branch: ZBranchRef,
  expected_arrival: z.string(),
  parcels: z.number().int(),
  arrived: z.number().int(),
});
export type TFlightArrival = z.infer<typeof ZFlightArrival>;

export const ZFlight = z.object({
  id: z.number().int(),
  mode: ZFlightMode,
  carrier_ref: z.string(),
  departure_date: z.string(),
  arrivals: z.array(ZFlightArrival),
  created_at: z.string(),
});
export type TFlight = z.infer<typeof ZFlight>;
export const ZFlightResponse = ZData(ZFlight);
export type TFlightResponse = z.infer<typeof ZFlightResponse>;

/** GET manage/flights: the latest flights (branch staff: those going to their branch), newest first. */
export const ZFlightListResponse = ZData(z.array(ZFlight));
export type TFlightListResponse = z.infer<typeof ZFlightListResponse>;

export const ZFlightParams = z.strictObject({
  id: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** GET manage/flights/{id}: admins and the warehouse name a branch (branch staff always see their own). */
export const ZFlightDetailsQuery = z.strictObject({
  branch_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

/** A flight opened at a branch: its parcels for that branch that have arrived and those still missing. */
export const ZFlightDetails = z.object({
  flight: ZFlight,
  branch: ZBranchRef.nullable(),
  arrived: z.array(ZManageParcel),
  missing: z.array(ZManageParcel),
});
export type TFlightDetails = z.infer<typeof ZFlightDetails>;
export const ZFlightDetailsResponse = ZData(ZFlightDetails);
export type TFlightDetailsResponse = z.infer<typeof ZFlightDetailsResponse>;

/**
 * POST manage/flights/{id}/delay: new expected arrival dates (one or more destinations) with the reason. Each customer
 * with a parcel still on the way on it is told once.
 */
export const ZDelayFlightRequest = z
  .strictObject({
    arrivals: z.array(ZArrivalInput).min(1, { error: MSG.required }).max(MAX_FLIGHT_BRANCHES, { error: MSG.tooLong }),
    reason: z.string({ error: MSG.required }).trim().min(3, { error: MSG.required }).max(500, { error: MSG.tooLong }),
  })
  .refine((b) => distinctBranches(b.arrivals), { error: MSG.invalidValue, path: ['arrivals'] });
export type TDelayFlightRequest = z.input<typeof ZDelayFlightRequest>;

export const ZDelayFlightResult = z.object({
  flight: ZFlight,
  /** Customers told (one message each, however many parcels they have on it). */
  notified: z.number().int(),
});
export type TDelayFlightResult = z.infer<typeof ZDelayFlightResult>;
export const ZDelayFlightResponse = ZData(ZDelayFlightResult);
export type TDelayFlightResponse = z.infer<typeof ZDelayFlightResponse>;

/**
 * GET manage/flights/{id}/arrival (the branch's share): what "the whole flight arrived" would close — its parcels for
 * the branch that arrived, those expected and not scanned (missing), and the parcels scanned at the branch meanwhile
 * that are on another flight or none (unexpected). POST manage/flights/{id}/arrival/close confirms it (ADR 074):
 * missing parcels stay in transit, flagged missing for follow-up, never marked arrived.
 */
export const ZFlightArrivalCheck = z.object({
  flight: ZFlight,
  branch: ZBranchRef,
  expected: z.number().int(),
  arrived: z.array(ZManageParcel),
  missing: z.array(ZManageParcel),
  unexpected: z.array(ZManageParcel),
  /** When the branch closed the flight's arrival (null while open) and who did. */
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
});
export type TFlightArrivalCheck = z.infer<typeof ZFlightArrivalCheck>;
export const ZFlightArrivalCheckResponse = ZData(ZFlightArrivalCheck);
export type TFlightArrivalCheckResponse = z.infer<typeof ZFlightArrivalCheckResponse>;

/** POST manage/flights/{id}/arrival/close: the counts the clerk confirmed (refused when the lists changed since). */
export const ZFlightArrivalCloseRequest = z.strictObject({
  branch_id: ZId.optional(),
  missing: z.number({ error: MSG.invalidValue }).int().min(0).max(1_000_000),
  unexpected: z.number({ error: MSG.invalidValue }).int().min(0).max(1_000_000),
});
export type TFlightArrivalCloseRequest = z.input<typeof ZFlightArrivalCloseRequest>;
