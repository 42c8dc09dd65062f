import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCapability } from '../users/capabilities';
import { ZStaffPlace } from '../users/user';
import { ZBranchRef } from './manage-common';

export const MANAGE_WORKS = [
  'receive',
  'import',
  'unclaimed',
  'disputes',
  'dispatch',
  // Bags (issue 35, ADR 082): packed at the warehouse, arrived with one scan at the branch.
  'bags',
  'arrival',
  'bag_arrival',
  'handover',
  // Pickup slots (issue 37, ADR 092): the prepared list of the booked slots, in shelf order.
  'pickup_slots',
  // Shelves at the branch (ADR 083): shelving and moving by scan, the blind count of a zone, the missing parcels.
  'shelves',
  'stock_take',
  'missing',
  'close_day',
  // Online payments' differences with the providers (ADR 077).
  'payment_differences',
  // Claims (issue 36, ADR 088): the queue by deadline, decisions and payouts of the branch's claims.
  'claims',
  // Door delivery (issue 37, ADR 094): the clerk assigns the branch's couriers; the courier's day of stops.
  'door_delivery',
  'reports',
  'find',
] as const;
export const ZManageWork = z.enum(MANAGE_WORKS);
export type TManageWork = z.infer<typeof ZManageWork>;

export const ZManageBranch = ZBranchRef.extend({ country_id: z.number().int(), tariff: z.number(), currency: z.string() });
export type TManageBranch = z.infer<typeof ZManageBranch>;

/** GET manage/context: the caller's place, the works it allows, and the branches (for filters and the admin's picker). */
export const ZManageContext = z.object({
  role: z.enum(['staff', 'admin']),
  place: ZStaffPlace.nullable(),
  place_branch: ZManageBranch.nullable(),
  works: z.array(ZManageWork),
  /** What the caller may do beyond the place's works (ADR 075): an admin every capability. The API decides again on each call. */
  capabilities: z.array(ZCapability),
  branches: z.array(ZManageBranch),
});
export type TManageContext = z.infer<typeof ZManageContext>;
export const ZManageContextResponse = ZData(ZManageContext);
export type TManageContextResponse = z.infer<typeof ZManageContextResponse>;
