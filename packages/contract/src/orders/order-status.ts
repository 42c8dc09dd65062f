import { z } from 'zod';

/** The order lifecycle of design.md, in order. */
export const ORDER_STATUS_CODES = ['china_warehouse', 'in_transit', 'at_branch', 'delivered'] as const;
export const ZOrderStatusCode = z.enum(ORDER_STATUS_CODES);
export type TOrderStatusCode = z.infer<typeof ZOrderStatusCode>;

/** The status that may follow each one (delivered is final). */
export const NEXT_STATUS: Record<TOrderStatusCode, TOrderStatusCode | null> = {
  china_warehouse: 'in_transit',
  in_transit: 'at_branch',
  at_branch: 'delivered',
  delivered: null,
};

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'kaspi_qr'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
