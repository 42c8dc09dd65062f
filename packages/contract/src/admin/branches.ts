import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZId } from '../common/fields';
import { isTimeZone } from '../common/format';
import { ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { ZPageQuery } from '../common/pagination';
import { ZPhone } from '../common/phone';
import { ZPaymentMethod } from '../orders/order-status';
import { PAYMENT_METHODS } from '../orders/order-status-codes';
import { ZWeekday, ZWorkingDay } from '../branches/branch';
import { WEEKDAYS } from '../branches/weekdays';
import { ZHttpsUrl, ZI18nInput, ZVersion } from './content';

/** The currencies a branch may charge in (the ones the formatter has signs for). */
export const BRANCH_CURRENCIES = ['KZT', 'KGS', 'UZS', 'RUB', 'CNY', 'USD'] as const;

export const BRANCH_LIMITS = {
  name: 100,
  city: 100,
  address: 300,
  phones: 5,
  tariffMax: 1_000_000,
  storageDaysMax: 365,
  storageFeeMax: 1_000_000,
  /** How far ahead a customer may keep a parcel online (ADR 093), days after today. */
  storageExtensionMaxDays: 365,
  /** Insurance terms (issue 36): the rate in percent (two decimals), amounts in the branch's currency. */
  insuranceRateMax: 100,
  insuranceAmountMax: 100_000_000,
} as const;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
/** An amount ≥ 0 in the branch's currency (major units, at most 2 decimals), optional (absent: kept or the default). */
const ZTermAmount = z
  .number({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(BRANCH_LIMITS.insuranceAmountMax, { error: MSG.invalidValue })
  .refine(twoDecimals, { error: MSG.invalidValue })
  .optional();

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const ZTime = z.string({ error: MSG.invalidValue }).trim().regex(HHMM, { error: MSG.invalidValue });

/**
 * One weekday as an admin sends it: closed (every time null) or open–close "HH:MM" (close after open), with an
 * optional break inside the opening hours.
 */
export const ZWorkingDayInput = z
  .strictObject({
    day: ZWeekday,
    open: ZTime.nullable(),
    close: ZTime.nullable(),
    break_start: ZTime.nullable().optional(),
    break_end: ZTime.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    const bad = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: MSG.invalidValue });
    if ((d.open === null) !== (d.close === null)) return bad(d.open === null ? 'open' : 'close');
    const hasBreak = d.break_start != null || d.break_end != null;
    if (d.open === null || d.close === null) {
      if (hasBreak) bad('break_start');
      return;
    }
    if (minutes(d.close) <= minutes(d.open)) return bad('close');
    if (!hasBreak) return;
    if (d.break_start == null || d.break_end == null) return bad(d.break_start == null ? 'break_start' : 'break_end');
    const [bs, be] = [minutes(d.break_start), minutes(d.break_end)];
    if (bs <= minutes(d.open) || be >= minutes(d.close) || be <= bs) bad('break_start');
  });

/** The whole week: each weekday exactly once. */
export const ZWeekInput = z
  .array(ZWorkingDayInput, { error: MSG.required })
  .length(7, { error: MSG.invalidValue })
  .refine((days) => WEEKDAYS.every((day) => days.some((d) => d.day === day)), { error: MSG.invalidValue })
  .transform((days) =>
    WEEKDAYS.map((day) => {
      const d = days.find((x) => x.day === day)!;
      return d.open && d.close && d.break_start && d.break_end
        ? { day, open: d.open, close: d.close, break_start: d.break_start, break_end: d.break_end }
        : { day, open: d.open, close: d.close };
    }),
  );

/** An IANA time zone name the runtime knows (Asia/Almaty, Asia/Bishkek …). */
export const ZTimeZone = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(64, { error: MSG.tooLong })
  .refine(isTimeZone, { error: MSG.invalidValue });

const optionalLink = ZHttpsUrl.nullable();

const branchFields = {
  country_id: ZId,
  name: ZI18nInput(BRANCH_LIMITS.name),
  city: ZI18nInput(BRANCH_LIMITS.city),
  address: ZI18nInput(BRANCH_LIMITS.address),
  latitude: z.number({ error: MSG.required }).min(-90, { error: MSG.invalidValue }).max(90, { error: MSG.invalidValue }),
  longitude: z.number({ error: MSG.required }).min(-180, { error: MSG.invalidValue }).max(180, { error: MSG.invalidValue }),
  /** The branch on 2GIS (or another map): an https address, or empty. */
  map_link: z.union([z.literal(''), ZHttpsUrl], { error: MSG.httpsUrl }),
  /** Price per kg in `currency`, at most 2 decimals. */
  tariff: z
    .number({ error: MSG.required })
    .positive({ error: MSG.mustBePositive })
    .max(BRANCH_LIMITS.tariffMax, { error: MSG.invalidValue })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: MSG.invalidValue }),
  currency: z.enum(BRANCH_CURRENCIES, { error: MSG.invalidValue }),
  storage_days: z.number({ error: MSG.required }).int({ error: MSG.invalidValue }).min(0).max(BRANCH_LIMITS.storageDaysMax),
  /** The fee per day after the free days, in `currency` (major units, at most 2 decimals); 0 or absent = free storage. */
  storage_fee_per_day: z
    .number({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BRANCH_LIMITS.storageFeeMax, { error: MSG.invalidValue })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: MSG.invalidValue })
    .optional(),
  /** Keeping parcels longer online (ADR 093): the new last free day at most this many days after today; absent = as it was (30 on create). */
  storage_extension_max_days: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BRANCH_LIMITS.storageExtensionMaxDays, { error: MSG.invalidValue })
    .optional(),
  /**
   * The methods its counter takes, each once, at least one. Absent: on create the country's defaults
   * (`defaultPaymentMethods`), on update the list it had.
   */
  payment_methods: z
    .array(ZPaymentMethod, { error: MSG.invalidValue })
    .min(1, { error: MSG.required })
    .max(PAYMENT_METHODS.length, { error: MSG.invalidValue })
    .refine((m) => new Set(m).size === m.length, { error: MSG.invalidValue })
    .optional(),
  /**
   * Insurance terms (ADR 090): the premium in percent of the declared value (two decimals: 3 = 3 %, kept as basis
   * points), at least the minimum premium; a declared value above the cap cannot be insured (0 = no cap); an uninsured
   * parcel is compensated at most per kg. Amounts in `currency`. Absent: on create the defaults, on update as they were.
   */
  insurance_rate: z
    .number({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .max(BRANCH_LIMITS.insuranceRateMax, { error: MSG.invalidValue })
    .refine(twoDecimals, { error: MSG.invalidValue })
    .optional(),
  insurance_min_premium: ZTermAmount,
  insurance_max_value: ZTermAmount,
  uninsured_per_kg: ZTermAmount,
  working_hours: ZWeekInput,
  time_zone: ZTimeZone,
  phones: z.array(ZPhone, { error: MSG.invalidValue }).max(BRANCH_LIMITS.phones, { error: MSG.tooLong }),
  instagram: optionalLink,
  whatsapp: optionalLink,
  telegram: optionalLink,
};

/** POST admin/branches. */
export const ZAdminBranchCreateRequest = z.strictObject(branchFields);
export type TAdminBranchCreateRequest = z.input<typeof ZAdminBranchCreateRequest>;
/** PUT admin/branches/{id}: every field again and the version it was based on (409 when someone saved since). */
export const ZAdminBranchUpdateRequest = z.strictObject({ ...branchFields, version: ZVersion });
export type TAdminBranchUpdateRequest = z.input<typeof ZAdminBranchUpdateRequest>;

export const ZAdminWorkingDay = ZWorkingDay;

/** A branch as the admin area shows it: texts in every language, open or closed, the counts that keep it open. */
export const ZAdminBranch = z.object({
  id: z.number().int(),
  version: z.number().int(),
  country_id: z.number().int(),
  name: ZI18nText,
  city: ZI18nText,
  address: ZI18nText,
  latitude: z.number(),
  longitude: z.number(),
  map_link: z.string(),
  tariff: z.number(),
  currency: z.string(),
  storage_days: z.number().int(),
  /** Major units of `currency` per day after the free days; 0 = free storage. */
  storage_fee_per_day: z.number(),
  /** Days after today a customer may keep a parcel until, online (ADR 093). */
  storage_extension_max_days: z.number().int(),
  payment_methods: z.array(ZPaymentMethod),
  /** Insurance terms: percent (3 = 3 %), then major units of `currency` (max value 0 = no cap). */
  insurance_rate: z.number(),
  insurance_min_premium: z.number(),
  insurance_max_value: z.number(),
  uninsured_per_kg: z.number(),
  working_hours: z.array(ZWorkingDay),
  time_zone: z.string(),
  phones: z.array(z.string()),
  instagram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  telegram: z.string().nullable(),
  is_active: z.boolean(),
  /** Parcels not yet handed over that are addressed to it, and customers whose branch it is. */
  open_parcels: z.number().int(),
  customers: z.number().int(),
  updated_at: z.string(),
});
export type TAdminBranch = z.infer<typeof ZAdminBranch>;

/** GET admin/branches: paged, search in any language, by country, open/closed. */
export const ZAdminBranchesQuery = ZPageQuery.extend({
  'filters[search]': z.string().trim().max(100, { error: MSG.tooLong }).optional(),
  'filters[country_id]': ZId.optional(),
  'filters[state]': z.enum(['active', 'closed'], { error: MSG.invalidValue }).optional(),
});
export type TAdminBranchesQuery = z.input<typeof ZAdminBranchesQuery>;
export const ZAdminBranchesResponse = ZPage(ZAdminBranch);
export type TAdminBranchesResponse = z.infer<typeof ZAdminBranchesResponse>;
export const ZAdminBranchResponse = ZData(ZAdminBranch);
export type TAdminBranchResponse = z.infer<typeof ZAdminBranchResponse>;
export const ZAdminBranchParams = z.object({ id: ZId });

/** POST admin/branches/{id}/close and …/reopen: the version the admin saw. */
export const ZAdminBranchStateRequest = z.strictObject({ version: ZVersion });
export type TAdminBranchStateRequest = z.infer<typeof ZAdminBranchStateRequest>;
