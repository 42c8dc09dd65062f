import type {
  TArchiveOrderResponse,
  TChangeOrderNameResponse,
  TDeleteSavedTrackResponse,
  TGetOrderResponse,
  TListArchivedOrdersResponse,
  TListOrdersResponse,
  TListSavedTracksResponse,
  TLookupOrderResponse,
  TLookupOrderResult,
  TOrder,
  TOrderDetails,
  TOrderStatusesResponse,
  TOrderStatusWithCount,
  TOrderTimeline,
  TOrderTimelineResponse,
  TCursorPageMeta,
  TSaveTrackRequest,
  TSaveTrackResponse,
  TSaveTracksRequest,
  TSaveTracksResponse,
  TUnarchiveOrderResponse,
} from '@portal/contract';
import { ADDRESSES, pageQuery } from '../../../lib/api/addresses';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/**
 * "Load more" follows the list's cursor (ADR 063): the first page is page 1 (with the total), each next one the rows
 * after the cursor the previous answer gave, so rows added meanwhile never repeat a card and the depth costs nothing.
 * A refetch walks the chain again from page 1.
 */
const paging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { meta: TCursorPageMeta }) => last.meta.next_cursor ?? undefined,
};

/** What changes when an order changes: its lists, the counts, its own pages. */
const ORDER_CHANGED = ['Orders', 'OrderStatuses'] as const;

/**
 * The customer's parcels and saved tracking codes. Spec section 9: order, status, saved-track and
 * pending-order (timeline) queries keep no unused data, so leaving a page and coming back asks again.
 */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderStatuses: build.query<TOrderStatusWithCount[], void>({
      query: () => ADDRESSES.orderStatuses,
      transformResponse: (r: TOrderStatusesResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['OrderStatuses'],
    }),
    /** One status's orders, 10 a page, "load more" fetching the rows after the last one shown. */
    getOrdersByStatus: build.infiniteQuery<TListOrdersResponse, number, string | null>({
      infiniteQueryOptions: paging,
      query: ({ queryArg, pageParam }) => `orders/status/${queryArg}/orders?${pageQuery(pageParam)}`,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
    getArchivedOrders: build.infiniteQuery<TListArchivedOrdersResponse, void, string | null>({
      infiniteQueryOptions: paging,
      query: ({ pageParam }) => `${ADDRESSES.archivedOrders}?${pageQuery(pageParam)}`,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
    getOrder: build.query<TOrderDetails, number>({
      query: (id) => `orders/${id}`,
      transformResponse: (r: TGetOrderResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: (_r, _e, id) => [{ type: 'Orders', id }],
    }),
    /** The order's timeline (spec: the pending-order view). */
    getOrderTimeline: build.query<TOrderTimeline, number>({
      query: (id) => `orders/${id}/status/pending`,
      transformResponse: (r: TOrderTimelineResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: (_r, _e, id) => [{ type: 'Orders', id }],
    }),
    lookupTrack: build.query<TLookupOrderResult, string>({
      query: (code) => `orders/lookup?track_code=${encodeURIComponent(code)}`,
      transformResponse: (r: TLookupOrderResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders', 'Tracks'],
    }),
    archiveOrder: build.mutation<TOrder, number>({
      query: (id) => ({ url: `orders/${id}/archive`, method: 'POST' }),
      transformResponse: (r: TArchiveOrderResponse) => r.data,
      invalidatesTags: [...ORDER_CHANGED],
    }),
    unarchiveOrder: build.mutation<TOrder, number>({
      query: (id) => ({ url: `orders/${id}/unarchive`, method: 'POST' }),
      transformResponse: (r: TUnarchiveOrderResponse) => r.data,
      invalidatesTags: [...ORDER_CHANGED],
    }),
    renameOrder: build.mutation<TOrder, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `orders/${id}/change-name`, method: 'POST', body: { name } }),
      transformResponse: (r: TChangeOrderNameResponse) => r.data,
      invalidatesTags: ['Orders'],
    }),
    getSavedTracks: build.infiniteQuery<TListSavedTracksResponse, void, string | null>({
      infiniteQueryOptions: paging,
      query: ({ pageParam }) => `saved-tracks?${pageQuery(pageParam)}`,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Tracks'],
    }),
    /** Saving may attach a parcel the warehouse already has (and notify about it): orders, counts and the user change too. */
    saveTrack: build.mutation<TSaveTrackResponse['data'], TSaveTrackRequest>({
      query: (body) => ({ url: 'save-track', method: 'POST', body }),
      transformResponse: (r: TSaveTrackResponse) => r.data,
      invalidatesTags: ['Tracks', ...ORDER_CHANGED],
    }),
    /** Many pasted codes at once, each saved as saveTrack saves one; a result per code. */
    saveTracks: build.mutation<TSaveTracksResponse['data'], TSaveTracksRequest>({
      query: (body) => ({ url: 'save-tracks', method: 'POST', body }),
      transformResponse: (r: TSaveTracksResponse) => r.data,
      invalidatesTags: ['Tracks', ...ORDER_CHANGED],
    }),
    deleteTrack: build.mutation<TDeleteSavedTrackResponse['data'], number>({
      query: (id) => ({ url: `saved-tracks/${id}/delete`, method: 'DELETE' }),
      transformResponse: (r: TDeleteSavedTrackResponse) => r.data,
      invalidatesTags: ['Tracks', 'Orders'],
    }),
  }),
});

export const {
  useGetOrderStatusesQuery,
  useGetOrdersByStatusInfiniteQuery,
  useGetArchivedOrdersInfiniteQuery,
  useGetOrderQuery,
  useGetOrderTimelineQuery,
  useLazyLookupTrackQuery,
  useArchiveOrderMutation,
  useUnarchiveOrderMutation,
  useRenameOrderMutation,
  useGetSavedTracksInfiniteQuery,
  useSaveTrackMutation,
  useSaveTracksMutation,
  useDeleteTrackMutation,
} = ordersApi;
