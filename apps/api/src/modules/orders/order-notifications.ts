import type { TI18nText, TNotificationEvent, TOrderStatusCode } from '@portal/contract';
import type { OrderParams } from '../notifications/notification-texts';

export interface NotifiableOrder {
  id: number;
  trackCode: string;
  name: string;
  weight: number;
  price: number | null;
  currency: string | null;
  storageUntil: string | null;
}

/** The notification event each status change sends (texts live in the notifications module). */
export const STATUS_EVENT: Record<TOrderStatusCode, TNotificationEvent> = {
  china_warehouse: 'order_received',
  in_transit: 'order_dispatched',
  at_branch: 'order_at_branch',
  delivered: 'order_delivered',
};

/** What a status message says about a parcel. */
export function orderParams(o: NotifiableOrder, branch: TI18nText | null): OrderParams {
  return {
    order_id: o.id,
    track_code: o.trackCode,
    name: o.name,
    weight: o.weight,
    price: o.price,
    currency: o.currency,
    storage_until: o.storageUntil,
    branch,
  };
}

/** The link a status notification opens: the order's info page. */
export const orderLink = (orderId: number) => `/orders/order?id=${orderId}`;
