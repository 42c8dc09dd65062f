import { ORDER_STATUS_CODES, type TOrderStatusCode, type TOrderStatusWithCount } from '@portal/contract';

/** The tabs of /orders: one per status, and the archive. */
export type OrdersTab = TOrderStatusCode | 'archive';
export const isOrdersTab = (v: string | null): v is OrdersTab =>
  v === 'archive' || (ORDER_STATUS_CODES as readonly string[]).includes(v ?? '');

/** The tab /orders opens on: the one asked for (?tab=), else the first status that has orders, else the lifecycle's first. */
export const chooseOrdersTab = (requested: string | null, statuses: readonly TOrderStatusWithCount[]): OrdersTab =>
  isOrdersTab(requested) ? requested : (statuses.find((s) => s.count > 0)?.code ?? 'china_warehouse');
