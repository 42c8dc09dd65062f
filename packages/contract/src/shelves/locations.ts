import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';

/** Zones are 1–3 Latin letters; racks 1–99; shelves 1–20 per rack. */
export const LOCATION_LIMITS = { racks: 99, shelves: 20, bulk: 500 } as const;

export const ZZone = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^[A-Za-z]{1,3}$/, { error: MSG.invalidValue })
  .transform((s) => s.toUpperCase());

/** A shelf at a branch: `code` is what its label's QR carries, `label` what people read. */
export const ZLocation = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  zone: z.string(),
  rack: z.number().int(),
  shelf: z.number().int(),
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
  /** Parcels waiting on it now. */
  parcels: z.number().int(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZBranchLocationsParams = z.object({ id: ZId });
/** GET admin/branches/{id}/locations: every shelf of the branch in walking order (zone, rack, shelf). */
export const ZLocationsResponse = ZData(z.array(ZLocation));
export type TLocationsResponse = z.infer<typeof ZLocationsResponse>;

const ZRange = (max: number) =>
  z
    .object({
      from: z.number({ error: MSG.required }).int().min(1, { error: MSG.invalidValue }).max(max, { error: MSG.invalidValue }),
      to: z.number({ error: MSG.required }).int().min(1, { error: MSG.invalidValue }).max(max, { error: MSG.invalidValue }),
    })
    .refine((r) => r.from <= r.to, { error: MSG.invalidValue, path: ['to'] });

/**
 * POST admin/branches/{id}/locations: bulk create "zone A, racks 1–10, shelves 1–4" (at most 500 at once). Shelves that
 * exist already are kept (a deactivated one is made active again): the answer counts what was created.
 */
export const ZCreateLocationsRequest = z
  .strictObject({ zone: ZZone, racks: ZRange(LOCATION_LIMITS.racks), shelves: ZRange(LOCATION_LIMITS.shelves) })
  .refine((b) => (b.racks.to - b.racks.from + 1) * (b.shelves.to - b.shelves.from + 1) <= LOCATION_LIMITS.bulk, {
    error: MSG.invalidValue,
    path: ['racks'],
  });
export type TCreateLocationsRequest = z.input<typeof ZCreateLocationsRequest>;
export const ZCreateLocationsResponse = ZData(z.object({ created: z.number().int(), reactivated: z.number().int() }));

export const ZLocationParams = z.object({ id: ZId, locationId: ZId });
/**
 * PATCH admin/branches/{id}/locations/{locationId}: active or not. A shelf is never deleted: deactivating keeps its
 * parcels' places (nothing new is placed there; the suggestion skips it) until they are moved or handed over.
 */
export const ZUpdateLocationRequest = z.strictObject({ active: z.boolean({ error: MSG.required }) });
export const ZLocationResponse = ZData(ZLocation);
