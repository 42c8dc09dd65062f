import { zonedClock } from '../common/format';

/**
 * THE duty-free limit rule (issue 36, ADR 087). EAEU Council decision No. 107 (personal imports delivered by a
 * carrier): goods whose customs value is at most the value threshold (200 EUR) and whose weight is at most the weight
 * threshold (31 kg) pay no duty; above either, the duty is 15 % of the value over the threshold, but not less than
 * 2 EUR per kg of the weight over the threshold:
 *
 *   duty = max(rate × (value − value threshold)⁺, minimum per kg × (weight − weight threshold)⁺)
 *
 * Amounts are EUR minor units (cents), weights kg counted in whole grams. Exactly at a threshold is within it (no
 * duty); one cent or one gram over crosses it. Rounding: each of the two terms is rounded half up to the cent once,
 * then the larger is taken. A 'month' rule (an announced cumulative e-commerce rule) counts the period's previous
 * parcels first: only what this parcel adds above the threshold is dutiable.
 */
export const DUTY_PERIODS = ['parcel', 'month'] as const;
export type TDutyPeriod = (typeof DUTY_PERIODS)[number];

export interface TDutyRuleTerms {
  period: TDutyPeriod;
  /** EUR minor units. */
  valueThreshold: number;
  weightThresholdKg: number;
  /** Basis points of the value over the threshold (1500 = 15 %). */
  rateBp: number;
  /** EUR minor units per kg of weight over the threshold. */
  minPerKg: number;
}

export interface TDutyInput {
  /** This parcel's customs value, EUR minor units. */
  value: number;
  /** This parcel's weight in kg (0 when not known yet). */
  weightKg: number;
  /** For a 'month' rule: the period's other parcels, counted before this one (ignored for 'parcel'). */
  previousValue?: number;
  previousWeightKg?: number;
}

export interface TDutyResult {
  /** Value counted against the limit with this parcel (EUR minor units) and what is left of it (never below 0). */
  used: number;
  remaining: number;
  usedWeightKg: number;
  remainingWeightKg: number;
  /** Whether this parcel takes the total over a threshold. */
  crosses: boolean;
  /** The value and grams over the thresholds that this parcel adds. */
  overValue: number;
  overGrams: number;
  /** EUR minor units; 0 when it does not cross. */
  estimatedDuty: number;
}

export const grams = (kg: number): number => Math.round(kg * 1000);

/** n × num / den rounded half up, in integers (n, num, den ≥ 0). */
function mulDivHalfUp(n: number, num: number, den: number): number {
  const q = (BigInt(n) * BigInt(num) * 2n + BigInt(den)) / (2n * BigInt(den));
  return Number(q);
}

export function dutyFor(rule: TDutyRuleTerms, input: TDutyInput): TDutyResult {
  if (!Number.isSafeInteger(input.value) || input.value < 0) throw new RangeError('value must be minor units ≥ 0');
  const monthly = rule.period === 'month';
  const prevValue = monthly ? Math.max(0, input.previousValue ?? 0) : 0;
  const prevGrams = monthly ? Math.max(0, grams(input.previousWeightKg ?? 0)) : 0;
  const thisGrams = Math.max(0, grams(input.weightKg));
  const limitGrams = grams(rule.weightThresholdKg);
  const used = prevValue + input.value;
  const usedGrams = prevGrams + thisGrams;
  const overValue = Math.max(0, used - rule.valueThreshold) - Math.max(0, prevValue - rule.valueThreshold);
  const overGrams = Math.max(0, usedGrams - limitGrams) - Math.max(0, prevGrams - limitGrams);
  const byValue = mulDivHalfUp(overValue, rule.rateBp, 10_000);
  const byWeight = mulDivHalfUp(overGrams, rule.minPerKg, 1000);
  return {
    used,
    remaining: Math.max(0, rule.valueThreshold - used),
    usedWeightKg: usedGrams / 1000,
    remainingWeightKg: Math.max(0, limitGrams - usedGrams) / 1000,
    crosses: overValue > 0 || overGrams > 0,
    overValue,
    overGrams,
    estimatedDuty: Math.max(byValue, byWeight),
  };
}

/** A rule's dates: in force from `effectiveFrom` through `effectiveTo` (both inclusive, YYYY-MM-DD; null = open). */
export interface TDatedRule {
  effectiveFrom: string;
  effectiveTo: string | null;
}

export const ruleCovers = (rule: TDatedRule, day: string): boolean =>
  rule.effectiveFrom <= day && (rule.effectiveTo === null || day <= rule.effectiveTo);

/** The rule in force on `day` (the country's local calendar day), or undefined. */
export function ruleInForce<T extends TDatedRule>(rules: readonly T[], day: string): T | undefined {
  return rules.find((r) => ruleCovers(r, day));
}

/** Whether two rules' date ranges share a day. */
export const rulesOverlap = (a: TDatedRule, b: TDatedRule): boolean =>
  (a.effectiveTo === null || b.effectiveFrom <= a.effectiveTo) && (b.effectiveTo === null || a.effectiveFrom <= b.effectiveTo);

/** The currencies item prices may be in (all with 2 minor digits); rates are KZT per unit from the NBK. */
export const DUTY_CURRENCIES = ['CNY', 'USD', 'EUR', 'RUB', 'KZT', 'KGS'] as const;
export type TDutyCurrency = (typeof DUTY_CURRENCIES)[number];

const SCALE = 8;
/** A decimal string ("470.51", "5.0931") as an integer scaled by 10^8; null when not a positive decimal. */
export function scaledRate(rate: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!m) return null;
  const v = BigInt(m[1]!) * 10n ** BigInt(SCALE) + BigInt((m[2] ?? '').padEnd(SCALE, '0'));
  return v > 0n ? v : null;
}

/**
 * Minor units of a currency → minor units of another through KZT: amount × rate(from) / rate(to), both KZT per unit,
 * rounded half up once. Both currencies have 2 minor digits.
 */
export function convertMinor(amountMinor: number, fromKztPerUnit: string, toKztPerUnit: string): number {
  const from = scaledRate(fromKztPerUnit);
  const to = scaledRate(toKztPerUnit);
  if (from === null || to === null) throw new RangeError('rate must be a positive decimal');
  const n = BigInt(amountMinor) * from;
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return Number(sign * ((abs * 2n + to) / (2n * to)));
}

/** The calendar day (YYYY-MM-DD) of a moment in a country's time zone (UTC when the zone is unknown). */
export function dayIn(now: Date, timeZone: string): string {
  const c = zonedClock(now, timeZone);
  if (!c) return now.toISOString().slice(0, 10);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}
