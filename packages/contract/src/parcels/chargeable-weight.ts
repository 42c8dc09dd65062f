import { z } from 'zod';
import { MSG } from '../common/messages';
import { toMajor, toMinor } from '../common/money';
/**
 * Chargeable weight and price: the one rule, used by arrival pricing, the branch price calculator and the help texts.
 *
 * - Volumetric weight = length × width × height (cm) / divisor, in kg (divisor: the `volumetric_divisor` setting,
 *   DEFAULT_VOLUMETRIC_DIVISOR by default), kept to 3 decimals, rounded up (a started gram counts).
 * - Chargeable weight = the larger of the actual weight and the volumetric weight (the actual one when no dimensions).
 * - Price = chargeable weight × the branch tariff per kg, rounded half up once, to the currency's price step
 *   (PRICE_STEP_MINOR: whole tenge and som; the smallest coin for the others).
 */
export const DEFAULT_VOLUMETRIC_DIVISOR = 6000;

/** The rounding rule in words, for help texts and docs (kept beside the code that applies it). */
export const PRICE_ROUNDING_RULE = {
  en: 'The price is the chargeable weight times the branch tariff per kg, rounded half up once: to whole tenge and som (KZT, KGS), to 2 decimals in other currencies; the chargeable weight is the larger of the actual weight and L × W × H / {divisor} (cm, rounded up to the gram).',
  ru: 'Цена — оплачиваемый вес, умноженный на тариф пункта за кг, округлённый один раз (половина — вверх): до целых тенге и сомов (KZT, KGS), до 2 знаков в других валютах; оплачиваемый вес — больший из фактического и Д × Ш × В / {divisor} (см, с округлением вверх до грамма).',
  kk: 'Баға — төленетін салмақ пен пункттің 1 кг тарифінің көбейтіндісі, бір рет дөңгелектенеді (жартысы — жоғары): теңге мен сом (KZT, KGS) бүтінге дейін, басқа валюталарда 2 таңбаға дейін; төленетін салмақ — нақты салмақ пен Ұ × Е × Б / {divisor} (см, грамға дейін жоғары дөңгелектенеді) шамасының үлкені.',
} as const;

/**
 * The step a price is rounded to, in minor units, per currency (ADR 072): carriers charge whole tenge and som (100
 * tiyn / tyiyn); every other currency keeps its smallest coin (1). Applied once, when a parcel is priced.
 */
export const PRICE_STEP_MINOR: Readonly<Record<string, number>> = { KZT: 100, KGS: 100 };

/** The price step of `currency` in minor units (1 for a currency without an entry, or none). */
export function priceStepMinor(currency: string | null | undefined): number {
  return (currency && PRICE_STEP_MINOR[currency]) || 1;
}

export interface TDimensionsCm {
  length: number;
  width: number;
  height: number;
}

/** Volumetric weight in kg (3 decimals, rounded up), or null without dimensions. */
export function volumetricWeightKg(dims: TDimensionsCm | null | undefined, divisor = DEFAULT_VOLUMETRIC_DIVISOR): number | null {
  if (!dims) return null;
  const cm3 = dims.length * dims.width * dims.height;
  // grams = cm³ × 1000 / divisor, rounded up; integers keep it exact for whole centimetres.
  return Math.ceil(Math.round(cm3 * 1000 * 1000) / 1000 / divisor - 1e-9) / 1000;
}

/** The weight that is paid for: the larger of the actual and the volumetric weight. */
export function chargeableWeightKg(actualKg: number, dims?: TDimensionsCm | null, divisor = DEFAULT_VOLUMETRIC_DIVISOR): number {
  const volumetric = volumetricWeightKg(dims, divisor);
  return volumetric !== null && volumetric > actualKg ? volumetric : actualKg;
}

/**
 * Price in minor units = chargeable kg × the tariff per kg in minor units, rounded half up to the minor unit, computed
 * in whole grams × tiyn (integers) so it is exact: what arrival stores in `orders.price` (the database's own
 * `round(kg × tariff)` gives the same).
 */
export function priceMinorFor(chargeableKg: number, tariffMinorPerKg: number, stepMinor = 1): number {
  const grams = Math.round(chargeableKg * 1000);
  const scaled = grams * tariffMinorPerKg; // price in 1/1000 of the minor unit
  const unit = 1000 * stepMinor;
  if (!Number.isSafeInteger(scaled) || !Number.isSafeInteger(scaled + unit)) throw new RangeError('price overflow');
  return Math.floor((scaled + unit / 2) / unit) * stepMinor;
}

/**
 * THE price of a parcel in minor units, as arrival and corrections store it: priceMinorFor rounded once to the
 * currency's step (1 606,5 ₸ is charged 1 607 ₸). Arrival's SQL (parcels-repository arrivalSet) computes the same.
 */
export function chargedPriceMinor(chargeableKg: number, tariffMinorPerKg: number, currency: string | null | undefined): number {
  return priceMinorFor(chargeableKg, tariffMinorPerKg, priceStepMinor(currency));
}

/** The same price in major units, from a tariff in major units (the branch's `tariff` as answers carry it). */
export function priceFor(chargeableKg: number, tariffPerKg: number, currency?: string | null): number {
  return toMajor(chargedPriceMinor(chargeableKg, toMinor(tariffPerKg), currency));
}

/** Largest side staff may record, in cm (a pallet still fits). */
export const MAX_DIMENSION_CM = 300;

const ZSideCm = z
  .number({ error: MSG.required })
  .positive({ error: MSG.mustBePositive })
  .max(MAX_DIMENSION_CM, { error: MSG.invalidValue })
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { error: MSG.invalidValue });

/** Dimensions as staff record them at receipt: three sides in cm, up to one decimal each. */
export const ZDimensionsCm = z.strictObject({ length: ZSideCm, width: ZSideCm, height: ZSideCm });

/** Which weight a parcel's price was (or will be) computed from. */
export const CHARGED_BY = ['actual', 'volumetric'] as const;
export type TChargedBy = (typeof CHARGED_BY)[number];

/** The weights of a parcel as the customer and staff see them. */
export const ZParcelWeights = z.object({
  /** cm, as recorded at receipt; null when none were. */
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** The divisor in force when the parcel was received (null without dimensions). */
  volumetric_divisor: z.number().int().nullable(),
  volumetric_weight: z.number().nullable(),
  chargeable_weight: z.number(),
  charged_by: z.enum(CHARGED_BY),
});
export type TParcelWeights = z.infer<typeof ZParcelWeights>;

/** The weights block for a parcel of actual weight `actualKg` with the volumetric weight recorded at receipt. */
export function parcelWeights(
  actualKg: number,
  dims: TDimensionsCm | null,
  volumetricKg: number | null,
  divisor: number | null,
): TParcelWeights {
  const charged: TChargedBy = volumetricKg !== null && volumetricKg > actualKg ? 'volumetric' : 'actual';
  return {
    dimensions: dims,
    volumetric_divisor: dims ? divisor : null,
    volumetric_weight: volumetricKg,
    chargeable_weight: charged === 'volumetric' ? volumetricKg! : actualKg,
    charged_by: charged,
  };
}
