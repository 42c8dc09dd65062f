import type {
  TAdminChinaAddressRequest,
  TAdminCountryCustomsRequest,
  TAdminCountriesResponse,
  TAdminCountry,
  TAdminCountryResponse,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** admin/countries: each country's China warehouse address lines. */
export const adminCountriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminCountries: build.query<TAdminCountry[], void>({
      query: () => 'admin/countries',
      transformResponse: (r: TAdminCountriesResponse) => r.data,
      providesTags: ['Admin'],
      keepUnusedDataFor: NO_CACHE,
    }),
    saveChinaAddress: build.mutation<TAdminCountry, { id: number; body: TAdminChinaAddressRequest }>({
      query: ({ id, body }) => ({ url: `admin/countries/${id}/address`, method: 'PUT', body }),
      transformResponse: (r: TAdminCountryResponse) => r.data,
      invalidatesTags: ['Admin'],
    }),
    saveCountryCustoms: build.mutation<TAdminCountry, { id: number; body: TAdminCountryCustomsRequest }>({
      query: ({ id, body }) => ({ url: `admin/countries/${id}/customs`, method: 'PUT', body }),
      transformResponse: (r: TAdminCountryResponse) => r.data,
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useAdminCountriesQuery, useSaveChinaAddressMutation, useSaveCountryCustomsMutation } = adminCountriesApi;
