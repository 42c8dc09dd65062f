import type { TGetQrResponse, TQrCode } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';
import { ADDRESSES } from '../../../lib/api/addresses';

/** GET qr: the signed token the customer's QR code carries, with client code and name; POST qr/renew: a new one, the old stops at once. */
export const qrApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQr: build.query<TQrCode, void>({
      query: () => ADDRESSES.qr,
      transformResponse: (r: TGetQrResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['User'],
    }),
    renewQr: build.mutation<TQrCode, void>({
      query: () => ({ url: 'qr/renew', method: 'POST' }),
      transformResponse: (r: TGetQrResponse) => r.data,
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(qrApi.util.upsertQueryData('getQr', undefined, result.data));
      },
    }),
  }),
});

export const { useGetQrQuery, useRenewQrMutation } = qrApi;
