import { z } from 'zod';
import { MSG } from '../common/messages';

/** Heaviest parcel a warehouse may record, in kg (a consolidated pallet still fits). The one weight limit. */
export const MAX_PARCEL_WEIGHT_KG = 1000;

/**
 * The one weight rule: "2,35", "2.35", " 2.35 kg", 2.35 → 2.35; null unless 0 < w ≤ MAX_PARCEL_WEIGHT_KG
 * with at most 3 decimals. Used by the receive form, the import, the price calculator and the API schema.
 */
export function parseWeightKg(value: string | number | null | undefined): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (value === null || value === undefined) return null;
  else {
    const cleaned = value
      .replace(/\s+/g, '')
      .replace(/(kg|кг)$/i, '')
      .replace(',', '.');
    if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
    n = Number(cleaned);
  }
  if (!Number.isFinite(n) || n <= 0 || n > MAX_PARCEL_WEIGHT_KG) return null;
  const milli = n * 1000;
  if (Math.abs(milli - Math.round(milli)) > 1e-6) return null;
  return Math.round(milli) / 1000;
}

/** Weight in kg as the API accepts it: a number or a text with a comma or a point, by parseWeightKg. */
export const ZWeightKg = z.union([z.number(), z.string().max(20)], { error: MSG.required }).transform((v, ctx) => {
  const kg = parseWeightKg(v);
  if (kg === null) {
    ctx.addIssue({ code: 'custom', message: typeof v === 'number' && v <= 0 ? MSG.mustBePositive : MSG.invalidValue });
    return z.NEVER;
  }
  return kg;
});
