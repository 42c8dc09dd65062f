import type {
  TBroadcast,
  TBroadcastCountResponse,
  TBroadcastCreateRequest,
  TBroadcastResponse,
  TBroadcastSegment,
  TBroadcastsResponse,
  TBroadcastTestRequest,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const BROADCASTS = 'Admin' as const;

/** admin/broadcasts… (the server refuses anyone but admins). */
export const broadcastsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    broadcasts: build.query<TBroadcastsResponse, { page: number }>({
      query: ({ page }) => `admin/broadcasts?filters[page]=${page}&filters[per_page]=10`,
      providesTags: [BROADCASTS],
      keepUnusedDataFor: NO_CACHE,
    }),
    broadcastRecipients: build.query<number, TBroadcastSegment>({
      query: (segment) => ({ url: 'admin/broadcasts/count', method: 'POST', body: { segment } }),
      transformResponse: (r: TBroadcastCountResponse) => r.data.recipients,
      keepUnusedDataFor: NO_CACHE,
    }),
    testBroadcast: build.mutation<void, TBroadcastTestRequest>({
      query: (body) => ({ url: 'admin/broadcasts/test', method: 'POST', body }),
    }),
    createBroadcast: build.mutation<TBroadcast, TBroadcastCreateRequest>({
      query: (body) => ({ url: 'admin/broadcasts', method: 'POST', body }),
      transformResponse: (r: TBroadcastResponse) => r.data,
      invalidatesTags: [BROADCASTS],
    }),
    cancelBroadcast: build.mutation<TBroadcast, number>({
      query: (id) => ({ url: `admin/broadcasts/${id}/cancel`, method: 'POST' }),
      transformResponse: (r: TBroadcastResponse) => r.data,
      invalidatesTags: [BROADCASTS],
    }),
  }),
});

export const {
  useBroadcastsQuery,
  useBroadcastRecipientsQuery,
  useTestBroadcastMutation,
  useCreateBroadcastMutation,
  useCancelBroadcastMutation,
} = broadcastsApi;
