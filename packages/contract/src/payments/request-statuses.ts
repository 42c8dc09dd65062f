/**
 * A payment request's life, as plain values without the schemas that check them (online.ts): the live stream's
 * client reads a `payment` event's status in the first bundle, which does not load the validation library.
 * `open` while the customer may pay; `paid` once settled in the journal (exactly once); `failed`/`expired`/`cancelled`
 * without money; `refunded` when the money came after the counter had taken it (or the parcels were gone) and was
 * returned at once.
 */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type TPaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
