import type { TCreatePaymentRequest, TPaymentRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

type PaymentRequestAnswer = { data: TPaymentRequest };

/** Paying before coming (ADR 077): the customer's payment requests (`payments/requests`). */
export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Opens a request for what waits at the branch (a newer one replaces the open one); the waiting rows change. */
    createPaymentRequest: build.mutation<TPaymentRequest, TCreatePaymentRequest>({
      query: (body) => ({ url: 'payments/requests', method: 'POST', body }),
      transformResponse: (response: PaymentRequestAnswer) => response.data,
      invalidatesTags: ['Orders'],
    }),
    /** One request, as its owner sees it; reading it asks Kaspi for news (it sends no callbacks). Never cached. */
    getPaymentRequest: build.query<TPaymentRequest, string>({
      query: (id) => `payments/requests/${encodeURIComponent(id)}`,
      transformResponse: (response: PaymentRequestAnswer) => response.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    cancelPaymentRequest: build.mutation<TPaymentRequest, string>({
      query: (id) => ({ url: `payments/requests/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      transformResponse: (response: PaymentRequestAnswer) => response.data,
      invalidatesTags: ['Orders'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(paymentsApi.util.upsertQueryData('getPaymentRequest', id, data));
      },
    }),
  }),
});

export const { useCreatePaymentRequestMutation, useGetPaymentRequestQuery, useCancelPaymentRequestMutation } = paymentsApi;
