import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { MSG } from '../common/messages';
import { ZPaymentMethod } from '../orders/order-status';
import { ZPaymentInputs } from '../payments/payment';
import { ZReceipt } from '../receipts/receipt';
import { MAX_CODES_PER_CALL } from './manage-common';

export const STORAGE_WAIVER_REASON_MAX = 500;

/**
 * POST orders/complete: hand over some or all (omit order_ids) of a customer's parcels waiting at this branch,
 * recording how they paid. All or nothing: if any chosen parcel is no longer waiting here, nothing changes (409).
 * `payments` (minor units, one or more methods) may be less than the total only with `accept_debt` (the rest becomes
 * the customer's debt, 422 payment_short otherwise) and more only to pay off open debt (422 payment_too_much beyond).
 * `payment_method` alone (older clients) means the whole total paid by that method. The total includes the parcels'
 * paid storage (storageFeeOn) unless `storage_waiver` gives the reason staff waive it. A method the branch does not
 * take is refused (422 payment_method_not_accepted).
 */
export const ZCompleteOrdersRequest = z
  .strictObject({
    customer_id: ZId,
    order_ids: z.array(z.number().int().positive()).min(1).max(MAX_CODES_PER_CALL).optional(),
    payment_method: ZPaymentMethod.optional(),
    payments: ZPaymentInputs.optional(),
    accept_debt: z.boolean().optional(),
    /** Staff waive the parcels' storage fee, saying why (kept on the receipt and in the audit log). */
    storage_waiver: z
      .strictObject({
        reason: z
          .string({ error: MSG.required })
          .trim()
          .min(3, { error: MSG.required })
          .max(STORAGE_WAIVER_REASON_MAX, { error: MSG.tooLong }),
      })
      .optional(),
    branch_id: ZId.optional(),
    /** A trusted person collects (ADR 091): their QR code, checked again at hand-over (revoked, days, parcels). */
    trusted_token: z.string().trim().min(1).max(1024).optional(),
  })
  .refine((b) => (b.payment_method === undefined) !== (b.payments === undefined), { error: MSG.required, path: ['payments'] });
export type TCompleteOrdersRequest = z.input<typeof ZCompleteOrdersRequest>;
export const ZCompleteOrdersResponse = ZData(ZReceipt);
export type TCompleteOrdersResponse = z.infer<typeof ZCompleteOrdersResponse>;
