import type { TCreateLocationsRequest, TLocation, TLocationsResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const LOCATIONS = 'Locations' as const;

/** admin/branches/{id}/locations: a branch's shelves (ADR 083). */
export const adminLocationsApi = baseApi.enhanceEndpoints({ addTagTypes: [LOCATIONS] }).injectEndpoints({
  endpoints: (build) => ({
    branchLocations: build.query<TLocation[], number>({
      query: (id) => `admin/branches/${id}/locations`,
      transformResponse: (r: TLocationsResponse) => r.data,
      providesTags: [LOCATIONS],
      keepUnusedDataFor: NO_CACHE,
    }),
    createLocations: build.mutation<{ created: number; reactivated: number }, { id: number; body: TCreateLocationsRequest }>({
      query: ({ id, body }) => ({ url: `admin/branches/${id}/locations`, method: 'POST', body }),
      transformResponse: (r: { data: { created: number; reactivated: number } }) => r.data,
      invalidatesTags: [LOCATIONS],
    }),
    setLocationActive: build.mutation<TLocation, { id: number; locationId: number; active: boolean }>({
      query: ({ id, locationId, active }) => ({ url: `admin/branches/${id}/locations/${locationId}`, method: 'PATCH', body: { active } }),
      invalidatesTags: [LOCATIONS],
    }),
  }),
});

export const { useBranchLocationsQuery, useCreateLocationsMutation, useSetLocationActiveMutation } = adminLocationsApi;
