import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArchiveOrderResponse,
  ZChangeOrderNameRequest,
  ZChangeOrderNameResponse,
  ZErrorBody,
  ZGetOrderResponse,
  ZListArchivedOrdersQuery,
  ZListArchivedOrdersResponse,
  ZListOrdersParams,
  ZListOrdersQuery,
  ZListOrdersResponse,
  ZLookupOrderQuery,
  ZLookupOrderResponse,
  ZOrderIdParams,
  ZOrderStatusesResponse,
  ZOrderTimelineResponse,
  ZUnarchiveOrderResponse,
  ZWaitingResponse,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { onlinePaymentsService } from '../online-payments/online-payments-service';
import { orderPagesRepository } from './order-pages-repository';
import { ordersService } from './orders-service';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };
const caller = (request: FastifyRequest) => ({ userId: authOf(request).user.id, lang: requestLang(request) });
const paging = (q: { 'filters[page]': number; 'filters[per_page]': number; 'filters[after]'?: string }) => ({
  page: q['filters[page]'],
  perPage: q['filters[per_page]'],
  after: q['filters[after]'],
});

/** The customer's own parcels. Every call reads or changes only the caller's orders; anyone else's id answers 404. */
export async function ordersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  // Personal, changing data: never kept by browsers or proxies (spec: these queries keep no cached data).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/orders/statuses',
    {
      schema: {
        tags,
        security,
        summary: "Every order status (names in the request's language) with the caller's count of not-archived orders in it",
        response: { 200: ZOrderStatusesResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.statuses(app.db, caller(request)) }),
  );

  r.get(
    '/orders/waiting',
    {
      schema: {
        tags,
        security,
        summary: "The caller's parcels waiting at a branch, per branch: how many, their total price and the earliest last free day",
        response: { 200: ZWaitingResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const who = caller(request);
      return { data: await ordersService.waiting(app.db, who, await onlinePaymentsService.offer(app, who.userId)) };
    },
  );

  r.get(
    '/orders/status/:statusId/orders',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's orders in one status, newest first, archived excluded (filters[page], filters[per_page] ≤ 100; or filters[after] = a meta.next_cursor for the rows after it)",
        params: ZListOrdersParams,
        querystring: ZListOrdersQuery,
        response: { 200: ZListOrdersResponse, ...errors },
      },
    },
    async (request, reply) => {
      const at = paging(request.query);
      const { statusId } = request.params;
      if (at.after !== undefined) {
        await app.authenticate(request, reply);
        return ordersService.listByStatus(app.db, caller(request), statusId, at);
      }
      // The list every customer opens: the session check, the status, the page and the count in one statement.
      const found = await app.authenticateWith(request, (sessionId, userId) =>
        orderPagesRepository.numberedPageWithSession(app.db, sessionId, userId, statusId, at),
      );
      return ordersService.numberedPageView(found, caller(request), statusId, at);
    },
  );

  r.get(
    '/orders/archived',
    {
      schema: {
        tags,
        security,
        summary: "The caller's archived orders, most recently archived first (by page, or filters[after] = a meta.next_cursor)",
        querystring: ZListArchivedOrdersQuery,
        response: { 200: ZListArchivedOrdersResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ordersService.listArchived(app.db, caller(request), paging(request.query)),
  );

  r.get(
    '/orders/lookup',
    {
      schema: {
        tags,
        security,
        summary: "Finds a tracking code among the caller's parcels and saved codes (the home page's track box)",
        querystring: ZLookupOrderQuery,
        response: { 200: ZLookupOrderResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.lookup(app.db, caller(request), request.query.track_code) }),
  );

  r.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: "One of the caller's orders with branch, tariff, photos and receipt",
        params: ZOrderIdParams,
        response: { 200: ZGetOrderResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.get(app.db, caller(request), request.params.id, app.uploads.urls) }),
  );

  r.get(
    '/orders/:id/status/pending',
    {
      schema: {
        tags,
        security,
        summary: "The order's timeline: lifecycle steps done (with time and place) and still pending, and its history",
        params: ZOrderIdParams,
        response: { 200: ZOrderTimelineResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.timeline(app.db, caller(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Archives a delivered order (409 invalid_state in any other status)',
        params: ZOrderIdParams,
        response: { 200: ZArchiveOrderResponse, 409: ZErrorBody, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.archive(app.db, caller(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/unarchive',
    {
      schema: {
        tags,
        security,
        summary: 'Brings an archived order back to its status list',
        params: ZOrderIdParams,
        response: { 200: ZUnarchiveOrderResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.unarchive(app.db, caller(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/change-name',
    {
      schema: {
        tags,
        security,
        summary: "Renames the order's item",
        params: ZOrderIdParams,
        body: ZChangeOrderNameRequest,
        response: { 200: ZChangeOrderNameResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await ordersService.rename(app.db, caller(request), request.params.id, request.body.name) }),
  );
}
