import type { TBranch, TBranchesResponse, TCountriesResponse, TCountry, TSettings, TSettingsResponse } from '@portal/contract';
import { ADDRESSES } from './addresses';
import { baseApi } from './base-api';

/**
 * Calls the shell and several features share: site settings and countries (both loaded at start),
 * and a country's branches (the branch chooser of the register and account forms, the branches pages).
 */
export const commonApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<TSettings, void>({
      query: () => ADDRESSES.settings,
      transformResponse: (response: TSettingsResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'settings' }],
    }),
    getCountries: build.query<TCountry[], void>({
      query: () => ADDRESSES.countries,
      transformResponse: (response: TCountriesResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'countries' }],
    }),
    getCountryBranches: build.query<TBranch[], number>({
      query: (countryId) => `country/${countryId}/branches`,
      transformResponse: (response: TBranchesResponse) => response.data,
      providesTags: (_result, _error, countryId) => [{ type: 'Branches', id: `country-${countryId}` }],
    }),
  }),
});

export const { useGetSettingsQuery, useGetCountriesQuery, useGetCountryBranchesQuery } = commonApi;
