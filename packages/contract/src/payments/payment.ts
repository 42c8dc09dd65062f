import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZCalendarDay, ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { MAX_AMOUNT_MINOR } from '../common/money';
import { ZPaymentMethod } from '../orders/order-status';
import { ZJournalMethod, ZOnlineProvider } from './online';

/**
 * Money in the API is always an integer of minor units (tiyn …) named `amount`/`paid`/`remaining`/`balance`
 * with the currency beside it; common/money.ts turns typed text into it and back.
 */
export const ZAmountMinor = z
  .number({ error: MSG.required })
  .int({ error: MSG.invalidValue })
  .positive({ error: MSG.mustBePositive })
  .max(MAX_AMOUNT_MINOR, { error: MSG.invalidValue });

/** At most this many payments (methods) in one call: a split bill rarely needs more than two. */
export const MAX_PAYMENTS_PER_CALL = 10;

export const ZPaymentInput = z.strictObject({ method: ZPaymentMethod, amount: ZAmountMinor });
export type TPaymentInput = z.infer<typeof ZPaymentInput>;
export const ZPaymentInputs = z.array(ZPaymentInput).max(MAX_PAYMENTS_PER_CALL, { error: MSG.invalidValue });

/** A refund: money of an online payment returned through its provider (negative, naming it in `refunds_id`). */
export const PAYMENT_KINDS = ['payment', 'reversal', 'refund'] as const;

/** One row of the payments journal. A reversal is its own row with a negative amount naming the payment it reverses. */
export const ZPayment = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  method: ZJournalMethod,
  amount: z.number().int(),
  currency: z.string(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  customer_id: z.number().int(),
  /** Who took it at the counter; null when paid online (`method` online, ADR 077). */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The provider and its reference of an online payment; null at the counter. */
  provider: ZOnlineProvider.nullable(),
  provider_ref: z.string().nullable(),
  receipt_id: z.number().int().nullable(),
  /** The branch's business day it counts in (YYYY-MM-DD); after that day is closed, later rows go to the next one. */
  business_date: z.string(),
  reverses_id: z.number().int().nullable(),
  reversed_by_id: z.number().int().nullable(),
  /** A refund through the provider names the online payment it returns (ADR 077). */
  refunds_id: z.number().int().nullable(),
  /** Of an online payment: how much was refunded so far (minor units, positive); 0 otherwise. */
  refunded: z.number().int(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** What a customer owes in one currency: charges (hand-overs) minus payments. Positive = debt. */
export const ZBalance = z.object({ currency: z.string(), balance: z.number().int() });
export type TBalance = z.infer<typeof ZBalance>;

/** One line of a customer's money history, newest first. */
export const ZMoneyHistoryItem = z.object({
  /** charge_reversal: an undone hand-over's charge taken back (ADR 062); compensation: a claim paid out (ADR 088). */
  kind: z.enum(['charge', 'charge_reversal', 'payment', 'reversal', 'compensation']),
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: ZJournalMethod.nullable(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  receipt_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TMoneyHistoryItem = z.infer<typeof ZMoneyHistoryItem>;

/** GET balance: the signed-in customer's balances per currency and their last 100 money events. */
export const ZCustomerBalance = z.object({ balances: z.array(ZBalance), history: z.array(ZMoneyHistoryItem) });
export type TCustomerBalance = z.infer<typeof ZCustomerBalance>;
export const ZCustomerBalanceResponse = ZData(ZCustomerBalance);
export type TCustomerBalanceResponse = z.infer<typeof ZCustomerBalanceResponse>;

/** POST manage/payments: a customer pays (part of) their open debt at the counter, without parcels. */
export const ZPayDebtRequest = z.strictObject({
  customer_id: ZId,
  branch_id: ZId.optional(),
  payments: ZPaymentInputs.min(1, { error: MSG.required }),
});
export type TPayDebtRequest = z.input<typeof ZPayDebtRequest>;
export const ZPayDebtResult = z.object({ payments: z.array(ZPayment), balance: ZBalance });
export type TPayDebtResult = z.infer<typeof ZPayDebtResult>;
export const ZPayDebtResponse = ZData(ZPayDebtResult);
export type TPayDebtResponse = z.infer<typeof ZPayDebtResponse>;

/** GET manage/customers/{id}/balance: staff see a customer's balances and history (the same shape the customer sees). */
export const ZStaffBalanceQuery = z.strictObject({ branch_id: z.coerce.number().int().positive().optional() });

/** POST admin/payments/{id}/reverse: an admin takes a payment back, saying why. */
export const ZReversePaymentRequest = z.strictObject({
  reason: z.string({ error: MSG.required }).trim().min(3, { error: MSG.required }).max(500, { error: MSG.tooLong }),
});
export type TReversePaymentRequest = z.input<typeof ZReversePaymentRequest>;
export const ZReversePaymentResponse = ZData(ZPayment);
export type TReversePaymentResponse = z.infer<typeof ZReversePaymentResponse>;

/** GET manage/payments: the journal of one branch's business day (admins any branch). */
export const ZListPaymentsQuery = z.strictObject({
  branch_id: z.coerce.number().int().positive().optional(),
  date: ZCalendarDay.optional(),
});
export const ZListPaymentsResponse = ZData(z.array(ZPayment));
export type TListPaymentsResponse = z.infer<typeof ZListPaymentsResponse>;
