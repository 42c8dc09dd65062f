import type { PagePrefetch } from '../../../app/page-prefetch';
import { waitingApi } from '../../../lib/api/waiting-api';
import { ordersApi } from '../api/orders-api';
import { chooseOrdersTab } from './orders-tabs';

/**
 * /orders at start (preloadPage, once the page's chunk is here): the status tabs with their counts, the archive's
 * count, what waits at a branch (the summary at the top), and as soon as the counts say which tab opens, that tab's first page — instead of one round trip after the
 * other once the page has rendered (statuses, then the list: the largest thing on the page came last).
 */
export const prefetchOrders: PagePrefetch = ({ dispatch, params, hold }) => {
  const statuses = dispatch(ordersApi.endpoints.getOrderStatuses.initiate());
  hold(statuses);
  hold(dispatch(ordersApi.endpoints.getArchivedOrders.initiate()));
  // The summary of what waits at a branch, with "Pay online", sits at the page's top.
  hold(dispatch(waitingApi.endpoints.getWaiting.initiate()));
  void statuses
    .unwrap()
    .then((list) => {
      const current = list.find((s) => s.code === chooseOrdersTab(params.get('tab'), list));
      if (current) hold(dispatch(ordersApi.endpoints.getOrdersByStatus.initiate(current.id)));
    })
    .catch(() => undefined);
};
