/**
 * The order statuses and payment methods as plain values, without the schemas that check them (order-status.ts):
 * a page that only lists or names them does not load the validation library.
 */

/** The order lifecycle of design.md, in order. */
export const ORDER_STATUS_CODES = ['china_warehouse', 'in_transit', 'at_branch', 'delivered'] as const;
export type TOrderStatusCode = (typeof ORDER_STATUS_CODES)[number];

/** The status that may follow each one (delivered is final). */
export const NEXT_STATUS: Record<TOrderStatusCode, TOrderStatusCode | null> = {
  china_warehouse: 'in_transit',
  in_transit: 'at_branch',
  at_branch: 'delivered',
  delivered: null,
};

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'kaspi_qr'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
