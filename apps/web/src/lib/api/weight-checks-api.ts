import type { TWeightCheck, TWeightCheckResponse, TWeightChecksResponse, TWeightDisputeRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from './base-api';

/**
 * The customer's weight checks (issue 36, ADR 089): parcels weighed heavier at the branch, waiting for a confirmation
 * or a dispute before paying. A decision reloads the parcels (their price, what waits at the branch).
 */
export const weightChecksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWeightChecks: build.query<TWeightCheck[], void>({
      query: () => 'weight-checks',
      transformResponse: (r: TWeightChecksResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
    confirmWeight: build.mutation<TWeightCheck, number>({
      query: (id) => ({ url: `weight-checks/${id}/confirm`, method: 'POST' }),
      transformResponse: (r: TWeightCheckResponse) => r.data,
      invalidatesTags: ['Orders'],
    }),
    disputeWeight: build.mutation<TWeightCheck, { id: number; body: TWeightDisputeRequest }>({
      query: ({ id, body }) => ({ url: `weight-checks/${id}/dispute`, method: 'POST', body }),
      transformResponse: (r: TWeightCheckResponse) => r.data,
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const { useGetWeightChecksQuery, useConfirmWeightMutation, useDisputeWeightMutation } = weightChecksApi;
