import type { TDutyRule, TEndDutyRuleRequest, TExchangeRates, TRatesFetch, TSaveDutyRuleRequest } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** admin/duty-rules and admin/exchange-rates (ADR 087). */
export const adminDutiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminDutyRules: build.query<TDutyRule[], void>({
      query: () => 'admin/duty-rules',
      transformResponse: (r: { data: TDutyRule[] }) => r.data,
      providesTags: ['Admin'],
    }),
    saveDutyRule: build.mutation<TDutyRule, { id: number | null; body: TSaveDutyRuleRequest }>({
      query: ({ id, body }) => ({
        url: id === null ? 'admin/duty-rules' : `admin/duty-rules/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
      invalidatesTags: ['Admin'],
    }),
    endDutyRule: build.mutation<TDutyRule, { id: number; body: TEndDutyRuleRequest }>({
      query: ({ id, body }) => ({ url: `admin/duty-rules/${id}/end`, method: 'POST', body }),
      invalidatesTags: ['Admin'],
    }),
    adminExchangeRates: build.query<TExchangeRates, void>({
      query: () => 'admin/exchange-rates',
      transformResponse: (r: { data: TExchangeRates }) => r.data,
      providesTags: ['Admin'],
    }),
    fetchExchangeRates: build.mutation<TRatesFetch, void>({
      query: () => ({ url: 'admin/exchange-rates/fetch', method: 'POST' }),
      transformResponse: (r: { data: TRatesFetch }) => r.data,
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const {
  useAdminDutyRulesQuery,
  useSaveDutyRuleMutation,
  useEndDutyRuleMutation,
  useAdminExchangeRatesQuery,
  useFetchExchangeRatesMutation,
} = adminDutiesApi;
