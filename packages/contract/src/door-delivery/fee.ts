import { chargeableWeightKg, chargedPriceMinor, type TDimensionsCm } from '../parcels/chargeable-weight';

/**
 * Door delivery's price (ADR 094), THE rule: the zone's base price plus its price per kg times the parcel's chargeable
 * weight (the contract's chargeableWeightKg: the larger of actual and volumetric), the per-kg part rounded once to the
 * currency's step like any parcel price (chargedPriceMinor). Minor units of the branch's currency.
 */
export function doorDeliveryFeeMinor(
  zone: { base_price: number; per_kg_price: number },
  parcel: { weight: number; dimensions?: TDimensionsCm | null; volumetric_divisor?: number | null },
  currency: string | null | undefined,
): number {
  const kg = chargeableWeightKg(parcel.weight, parcel.dimensions ?? null, parcel.volumetric_divisor ?? undefined);
  return zone.base_price + chargedPriceMinor(kg, zone.per_kg_price, currency);
}

/** A postcode as zones keep and match it: digits and letters only, upper case ("050 000" → "050000"). */
export function normalizePostcode(input: string): string {
  return input.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** The 6-digit code the customer reads to the courier (ADR 094). */
export const DOOR_CODE_LENGTH = 6;
/** Wrong codes a stop may take before only a failed attempt (or a new code by setting out again) remains. */
export const DOOR_CODE_MAX_ATTEMPTS = 5;
