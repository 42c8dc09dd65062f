import type { TGetQrResponse, TQrCode } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** GET qr: the signed token the customer's QR code carries, with client code and name. */
export const qrApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQr: build.query<TQrCode, void>({
      query: () => 'qr',
      transformResponse: (r: TGetQrResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetQrQuery } = qrApi;
