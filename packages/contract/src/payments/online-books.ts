import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZOnlineProvider } from './online';
import { ZAmountMinor, ZPayment } from './payment';

/**
 * The books of online money (ADR 077): refunds through the provider and the differences reconciliation finds.
 */

/** POST manage/payments/{id}/refund: return all or part of an online payment through its provider, saying why. */
export const ZRefundOnlinePaymentRequest = z.strictObject({
  /** Minor units; the refunds of a payment never exceed it. */
  amount: ZAmountMinor,
  reason: z.string({ error: MSG.required }).trim().min(3, { error: MSG.required }).max(500, { error: MSG.tooLong }),
});
export type TRefundOnlinePaymentRequest = z.input<typeof ZRefundOnlinePaymentRequest>;
export const ZRefundOnlinePaymentResponse = ZData(ZPayment);
export type TRefundOnlinePaymentResponse = z.infer<typeof ZRefundOnlinePaymentResponse>;

/** What reconciliation can find between our books and a provider's. */
export const PAYMENT_DIFFERENCE_KINDS = [
  'paid_not_settled',
  'settled_not_paid',
  'amount_differs',
  'refund_failed',
  'refund_stuck',
] as const;
export type TPaymentDifferenceKind = (typeof PAYMENT_DIFFERENCE_KINDS)[number];

export const ZPaymentDifference = z.object({
  id: z.number().int(),
  request_id: z.string(),
  branch: z.object({ id: z.number().int(), name: z.string() }),
  provider: ZOnlineProvider,
  kind: z.string(),
  /** What each side says: our status and amount, the provider's state and amount (minor units). */
  detail: z.record(z.string(), z.unknown()),
  currency: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), client_code: z.string().nullable() }),
  found_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type TPaymentDifference = z.infer<typeof ZPaymentDifference>;

/** GET manage/payment-differences: open ones by default (staff: their branch; admins every branch or one). */
export const ZPaymentDifferencesQuery = z.strictObject({
  branch_id: z.coerce.number().int().positive().optional(),
  state: z.enum(['open', 'resolved'], { error: MSG.invalidValue }).default('open'),
});
export const ZPaymentDifferencesResponse = ZData(z.array(ZPaymentDifference));
export type TPaymentDifferencesResponse = z.infer<typeof ZPaymentDifferencesResponse>;

/** POST manage/payment-differences/{id}/resolve: staff say what they did about it. */
export const ZResolvePaymentDifferenceRequest = z.strictObject({
  note: z.string({ error: MSG.required }).trim().min(3, { error: MSG.required }).max(500, { error: MSG.tooLong }),
});
export type TResolvePaymentDifferenceRequest = z.input<typeof ZResolvePaymentDifferenceRequest>;
export const ZPaymentDifferenceResponse = ZData(ZPaymentDifference);

/** POST manage/payment-differences/check: run reconciliation now (admins: every branch; staff: theirs). */
export const ZReconcileRequest = z.strictObject({ branch_id: ZId.optional() });
export const ZReconcileResponse = ZData(z.object({ found: z.number().int() }));
