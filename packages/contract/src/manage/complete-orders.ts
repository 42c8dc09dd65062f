import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZPaymentMethod } from '../orders/order-status';
import { ZReceipt } from '../receipts/receipt';
import { MAX_CODES_PER_CALL } from './manage-common';

/**
 * POST orders/complete: hand over some or all (omit order_ids) of a customer's parcels waiting at this branch,
 * recording how they paid. All or nothing: if any chosen parcel is no longer waiting here, nothing changes (409).
 */
export const ZCompleteOrdersRequest = z.strictObject({
  customer_id: ZId,
  order_ids: z.array(z.number().int().positive()).min(1).max(MAX_CODES_PER_CALL).optional(),
  payment_method: ZPaymentMethod,
  branch_id: ZId.optional(),
});
export type TCompleteOrdersRequest = z.input<typeof ZCompleteOrdersRequest>;
export const ZCompleteOrdersResponse = ZData(ZReceipt);
export type TCompleteOrdersResponse = z.infer<typeof ZCompleteOrdersResponse>;
