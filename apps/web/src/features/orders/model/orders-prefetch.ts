import type { PagePrefetch } from '../../../app/page-prefetch';
import { ordersApi } from '../api/orders-api';
import { chooseOrdersTab } from './orders-tabs';

/**
 * /orders at start (preloadPage, once the page's chunk is here): the status tabs with their counts, the archive's
 * count, and as soon as the counts say which tab opens, that tab's first page — instead of one round trip after the
 * other once the page has rendered (statuses, then the list: the largest thing on the page came last).
 */
export const prefetchOrders: PagePrefetch = ({ dispatch, params, hold }) => {
  const statuses = dispatch(ordersApi.endpoints.getOrderStatuses.initiate());
  hold(statuses);
  hold(dispatch(ordersApi.endpoints.getArchivedOrders.initiate()));
  void statuses
    .unwrap()
    .then((list) => {
      const current = list.find((s) => s.code === chooseOrdersTab(params.get('tab'), list));
      if (current) hold(dispatch(ordersApi.endpoints.getOrdersByStatus.initiate(current.id)));
    })
    .catch(() => undefined);
};
