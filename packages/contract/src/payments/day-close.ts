import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay, ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { MAX_AMOUNT_MINOR } from '../common/money';
import { ZPaymentMethod } from '../orders/order-status';
import { PAYMENT_METHODS } from '../orders/order-status-codes';
import { ZOnlineProvider } from './online';

/**
 * How many days back branch staff may close (besides today, in the branch's time zone): a forgotten close is caught
 * up within the week, an old one needs an admin. Admins close any open day up to today.
 */
export const DAY_CLOSE_STAFF_DAYS = 3;

/** Minor units per payment method (every method present; 0 when nothing). */
export const ZByMethod = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.number().int()])) as Record<(typeof PAYMENT_METHODS)[number], z.ZodNumber>,
);
export type TByMethod = z.infer<typeof ZByMethod>;

const ZCounted = z
  .number({ error: MSG.required })
  .int({ error: MSG.invalidValue })
  .min(0, { error: MSG.invalidValue })
  .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue });

/** A closed business day of one branch: immutable once written. */
export const ZDayClose = z.object({
  id: z.number().int(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  business_date: z.string(),
  currency: z.string(),
  expected: ZByMethod,
  counted: ZByMethod,
  /** counted − expected per method (negative = short). */
  difference: ZByMethod,
  payments_count: z.number().int(),
  note: z.string().nullable(),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  closed_at: z.string(),
});
export type TDayClose = z.infer<typeof ZDayClose>;

/** GET manage/day-close: the day as it stands (expected so far) and its close if it was closed. */
export const ZDayCloseQuery = z.strictObject({ branch_id: z.coerce.number().int().positive().optional(), date: ZCalendarDay.optional() });
export const ZDayCloseView = z.object({
  branch: z.object({ id: z.number().int(), name: z.string() }),
  business_date: z.string(),
  /** The day payments taken now count in (today, or the first day after the last closed one). */
  open_date: z.string(),
  /** Today in the branch's time zone: a day after it is not closed yet (open_date is after it once today is closed). */
  today: z.string(),
  currency: z.string(),
  /** The methods the branch takes now: the form asks for these and any other with an amount expected. */
  payment_methods: z.array(ZPaymentMethod),
  expected: ZByMethod,
  payments_count: z.number().int(),
  close: ZDayClose.nullable(),
  /**
   * Money paid online that counts in this day, per provider (ADR 077): never in the drawer, so never in `expected`,
   * `counted` or `payments_count`. `count` online payments; `amount` their net (refunds through the provider subtract).
   */
  online: z.array(z.object({ provider: ZOnlineProvider, count: z.number().int(), amount: z.number().int() })),
});
export type TDayCloseView = z.infer<typeof ZDayCloseView>;
export const ZDayCloseViewResponse = ZData(ZDayCloseView);
export type TDayCloseViewResponse = z.infer<typeof ZDayCloseViewResponse>;

/** POST manage/day-close: close a day (default: the open one) with the amounts counted per method. */
export const ZCloseDayRequest = z.strictObject({
  branch_id: ZId.optional(),
  date: ZCalendarDay.optional(),
  /** Per method; a method left out counted 0 (a branch's form only asks for the methods it takes). */
  counted: z.strictObject(
    Object.fromEntries(PAYMENT_METHODS.map((m) => [m, ZCounted.default(0)])) as Record<
      (typeof PAYMENT_METHODS)[number],
      z.ZodDefault<typeof ZCounted>
    >,
  ),
  note: z.string().trim().max(500, { error: MSG.tooLong }).optional(),
});
export type TCloseDayRequest = z.input<typeof ZCloseDayRequest>;
export const ZDayCloseResponse = ZData(ZDayClose);
export type TDayCloseResponse = z.infer<typeof ZDayCloseResponse>;

/** GET manage/day-closes: closes, newest first; admins every branch (or one), staff their own. */
export const ZListDayClosesQuery = z.strictObject({
  branch_id: z.coerce.number().int().positive().optional(),
  from: ZCalendarDay.optional(),
  to: ZCalendarDay.optional(),
});
export const ZListDayClosesResponse = ZData(z.array(ZDayClose));
export type TListDayClosesResponse = z.infer<typeof ZListDayClosesResponse>;
