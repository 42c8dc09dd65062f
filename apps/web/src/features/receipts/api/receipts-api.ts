import type { TReceipt, TReceiptResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** GET receipts/{id}: the customer's own hand-over receipt. */
export const receiptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReceipt: build.query<TReceipt, number>({
      query: (id) => `receipts/${id}`,
      transformResponse: (r: TReceiptResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
  }),
});

export const { useGetReceiptQuery } = receiptsApi;
