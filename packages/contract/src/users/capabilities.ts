import { z } from 'zod';

/**
 * What an admin grants a staff account beyond its place (ADR 075):
 * - corrections: correct a parcel's weight, dimensions or price (branch staff: parcels at their own branch);
 * - undo: undo a hand-over made the same day, in the branch's time zone, at their own branch;
 * - refunds: reverse a payment taken at their own branch;
 * - exports: download report and list exports;
 * - reports: see the dashboard and the worklists;
 * - claims: approve a claim above its compensation cap (ADR 088).
 * Admins hold every capability implicitly; customers none. Kept per user (`users.capabilities`).
 */
export const CAPABILITIES = ['corrections', 'undo', 'refunds', 'exports', 'reports', 'claims'] as const;
export const ZCapability = z.enum(CAPABILITIES);
export type TCapability = z.infer<typeof ZCapability>;

/** What a staff account created without a choice holds: what every staff member could do before capabilities existed. */
export const DEFAULT_STAFF_CAPABILITIES: readonly TCapability[] = ['reports', 'exports'];

/** The capabilities a user holds in effect: an admin all, staff the granted ones (in the list's order), a customer none. */
export function effectiveCapabilities(user: { role: 'customer' | 'staff' | 'admin'; capabilities: readonly string[] }): TCapability[] {
  if (user.role === 'admin') return [...CAPABILITIES];
  if (user.role !== 'staff') return [];
  return CAPABILITIES.filter((c) => user.capabilities.includes(c));
}

/** The capability a parcel correction of this kind needs; null: admins only (a status step). */
export function capabilityForCorrection(kind: 'weight' | 'dimensions' | 'price' | 'status' | 'undo_handover'): TCapability | null {
  if (kind === 'undo_handover') return 'undo';
  if (kind === 'status') return null;
  return 'corrections';
}
