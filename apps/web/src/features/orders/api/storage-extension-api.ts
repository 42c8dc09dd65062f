import type { TCreateStorageExtension, TStorageExtensionOffer, TStorageExtensionResult } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** Keeping a waiting parcel longer (ADR 093): its terms, and asking (a payment request, or at once when free). */
export const storageExtensionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStorageExtension: build.query<TStorageExtensionOffer, number>({
      query: (id) => `payments/storage-extensions/${id}`,
      transformResponse: (r: { data: TStorageExtensionOffer }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: (_r, _e, id) => [{ type: 'Orders', id }],
    }),
    createStorageExtension: build.mutation<TStorageExtensionResult, TCreateStorageExtension>({
      query: (body) => ({ url: 'payments/storage-extensions', method: 'POST', body }),
      transformResponse: (r: { data: TStorageExtensionResult }) => r.data,
      invalidatesTags: (_r, _e, body) => [{ type: 'Orders', id: Number(body.parcel_id) }, 'Orders'],
    }),
  }),
});

export const { useGetStorageExtensionQuery, useCreateStorageExtensionMutation } = storageExtensionApi;
