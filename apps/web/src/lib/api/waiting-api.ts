import type { TWaitingAtBranch, TWaitingResponse } from '@portal/contract';
import { ADDRESSES } from './addresses';
import { baseApi, NO_CACHE } from './base-api';

/** GET orders/waiting: the customer's parcels waiting at a branch, for home and /qr at a glance. */
export const waitingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWaiting: build.query<TWaitingAtBranch[], void>({
      query: () => ADDRESSES.waiting,
      transformResponse: (response: TWaitingResponse) => response.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetWaitingQuery } = waitingApi;
