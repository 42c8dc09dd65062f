import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay } from '../common/fields';
import { ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { MAX_AMOUNT_MINOR } from '../common/money';
import { ZTrackCode } from '../tracks/track-code';
import { DUTY_CURRENCIES, DUTY_PERIODS } from './duty';

/** The duty-free limit's API (issue 36, ADR 087): amounts are minor units, EUR unless named otherwise. */
export const ZDutyPeriod = z.enum(DUTY_PERIODS, { error: MSG.invalidValue });
export const ZDutyCurrency = z.enum(DUTY_CURRENCIES, { error: MSG.invalidValue });

const ZMinor = z
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue });
const ZKg = z.number({ error: MSG.invalidValue }).min(0, { error: MSG.invalidValue }).max(100_000, { error: MSG.invalidValue });

/** A rule as the customer and the admin read it. */
export const ZDutyRule = z.object({
  id: z.number().int(),
  country_code: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  period: ZDutyPeriod,
  value_threshold: z.number().int(),
  value_currency: z.literal('EUR'),
  weight_threshold_kg: z.number(),
  rate_bp: z.number().int(),
  min_per_kg: z.number().int(),
  name: ZI18nText,
  version: z.number().int(),
});
export type TDutyRule = z.infer<typeof ZDutyRule>;

/** GET customs/limit: the rule in force today for the customer's branch's country, and the period's total. */
export const ZDutyLimit = z.object({
  rule: ZDutyRule.nullable(),
  /** The local day it was computed for, and the period's first and last days ('parcel': that day). */
  day: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  used: z.number().int(),
  remaining: z.number().int(),
  used_weight_kg: z.number(),
  /** Currencies of counted items without a rate (their value is left out of `used`). */
  rate_unavailable: z.array(z.string()),
});
export type TDutyLimit = z.infer<typeof ZDutyLimit>;
export const ZDutyLimitResponse = ZData(ZDutyLimit);

/** POST customs/duty-estimate. Items' `unit_price` is minor units of their currency; without items, the declaration of `track_code`. */
export const ZDutyEstimateItem = z.strictObject({
  quantity: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(1, { error: MSG.invalidValue })
    .max(100_000, { error: MSG.invalidValue }),
  unit_price: ZMinor,
  currency: ZDutyCurrency,
});
export const ZDutyEstimateRequest = z.strictObject({
  track_code: ZTrackCode.optional(),
  items: z.array(ZDutyEstimateItem).max(200, { error: MSG.invalidValue }).optional(),
  weight_kg: ZKg.optional(),
});
export type TDutyEstimateRequest = z.infer<typeof ZDutyEstimateRequest>;

export const ZRateUsed = z.object({ currency: z.string(), rate: z.string(), day: z.string() });
export type TRateUsed = z.infer<typeof ZRateUsed>;

export const ZDutyEstimate = z.object({
  /** 'ok'; 'no_rule' (no rule in force for the country); 'rate_unavailable' (a currency has no rate: no guess). */
  status: z.enum(['ok', 'no_rule', 'rate_unavailable']),
  rule: ZDutyRule.nullable(),
  day: z.string(),
  /** This parcel's value (null when a rate is missing). */
  value_eur: z.number().int().nullable(),
  weight_kg: z.number(),
  previous_eur: z.number().int(),
  used: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  crosses: z.boolean(),
  duty_eur: z.number().int().nullable(),
  /** The duty in the branch's currency, minor units. */
  duty_branch: z.number().int().nullable(),
  branch_currency: z.string(),
  rates: z.array(ZRateUsed),
  rate_unavailable: z.array(z.string()),
});
export type TDutyEstimate = z.infer<typeof ZDutyEstimate>;
export const ZDutyEstimateResponse = ZData(ZDutyEstimate);

/** admin/duty-rules: create and update take the whole rule (update and end: with the version read). */
export const ZSaveDutyRuleRequest = z.strictObject({
  country_code: z.string({ error: MSG.invalidValue }).regex(/^[A-Z]{2}$/, { error: MSG.invalidValue }),
  effective_from: ZCalendarDay,
  effective_to: ZCalendarDay.nullable(),
  period: ZDutyPeriod,
  value_threshold: ZMinor,
  weight_threshold_kg: ZKg,
  rate_bp: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(10_000, { error: MSG.invalidValue }),
  min_per_kg: ZMinor,
  name: z.strictObject({
    kk: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.invalidValue }),
    ru: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.invalidValue }),
    en: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.invalidValue }),
  }),
  version: z.number({ error: MSG.invalidValue }).int().positive().optional(),
});
export type TSaveDutyRuleRequest = z.infer<typeof ZSaveDutyRuleRequest>;
export const ZEndDutyRuleRequest = z.strictObject({
  effective_to: ZCalendarDay,
  version: z.number({ error: MSG.invalidValue }).int().positive(),
});
export type TEndDutyRuleRequest = z.infer<typeof ZEndDutyRuleRequest>;
export const ZDutyRulesResponse = ZData(z.array(ZDutyRule));
export const ZDutyRuleResponse = ZData(ZDutyRule);

/** admin/exchange-rates: the recent days' rates and the feed's last attempts. */
export const ZExchangeRate = z.object({
  day: z.string(),
  currency: z.string(),
  rate: z.string(),
  quant: z.number().int(),
  source: z.string(),
  fetched_at: z.string(),
});
export const ZRatesFetch = z.object({
  day: z.string(),
  status: z.enum(['ok', 'failed']),
  /** Rates stored (ok), or why it failed: 'http_status', 'unreadable', 'missing_currency', 'unreachable'. */
  stored: z.number().int(),
  error: z.string().nullable(),
  attempted_at: z.string(),
});
export type TRatesFetch = z.infer<typeof ZRatesFetch>;
export const ZExchangeRates = z.object({ rates: z.array(ZExchangeRate), fetches: z.array(ZRatesFetch) });
export type TExchangeRates = z.infer<typeof ZExchangeRates>;
export const ZExchangeRatesResponse = ZData(ZExchangeRates);
export const ZRatesFetchResponse = ZData(ZRatesFetch);
