import { NEXT_STATUS, ORDER_STATUS_CODES, type TOrderStatusCode } from '../orders/order-status-codes';

/** The status a parcel must be in to move to `to` (from NEXT_STATUS); null for the first one. */
export function previousStatus(to: TOrderStatusCode): TOrderStatusCode | null {
  return ORDER_STATUS_CODES.find((s) => NEXT_STATUS[s] === to) ?? null;
}

/** Whether `from` → `to` is one allowed step forward. */
export const canMove = (from: TOrderStatusCode, to: TOrderStatusCode) => NEXT_STATUS[from] === to;
