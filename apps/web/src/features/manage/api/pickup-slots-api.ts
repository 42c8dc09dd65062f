import type { TPreparedListQuery, TPreparedListResponse } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** The branch's prepared list (ADR 092): booked pickup slots, their customers and parcels in shelf order. */
export const pickupSlotsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    preparedList: build.query<TPreparedListResponse['data'], TPreparedListQuery>({
      query: (params) => ({ url: 'manage/pickup-slots', params }),
      transformResponse: (r: TPreparedListResponse) => r.data,
      providesTags: ['Manage'],
    }),
  }),
});

export const { usePreparedListQuery } = pickupSlotsApi;
