import type { TDutyEstimate, TDutyEstimateRequest, TDutyLimit } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** The duty-free limit (ADR 087): the rule and the period's total, and one parcel's estimate. */
export const dutiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDutyLimit: build.query<TDutyLimit, void>({
      query: () => 'customs/limit',
      transformResponse: (r: { data: TDutyLimit }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
    /** A POST that only reads: a query, so the same items are asked once. */
    getDutyEstimate: build.query<TDutyEstimate, TDutyEstimateRequest>({
      query: (body) => ({ url: 'customs/duty-estimate', method: 'POST', body }),
      transformResponse: (r: { data: TDutyEstimate }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetDutyLimitQuery, useGetDutyEstimateQuery } = dutiesApi;
