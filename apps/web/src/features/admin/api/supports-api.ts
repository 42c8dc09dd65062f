import type { TAdminSupportDetail, TAdminSupportDetailResponse, TAdminSupportsResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const ADMIN = 'Admin' as const;
type Thread = TAdminSupportDetail['request'];

/** The support inbox (admin/supports…). */
export const supportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminSupports: build.query<
      TAdminSupportsResponse,
      { state?: string; category?: string; from?: string; to?: string; search?: string; page: number }
    >({
      query: ({ page, ...rest }) => {
        const params = new URLSearchParams({ 'filters[page]': String(page), 'filters[per_page]': '20' });
        for (const [key, value] of Object.entries(rest)) if (value) params.set(`filters[${key}]`, value);
        return `admin/supports?${params.toString()}`;
      },
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    adminSupport: build.query<TAdminSupportDetail, number>({
      query: (id) => `admin/supports/${id}`,
      transformResponse: (r: TAdminSupportDetailResponse) => r.data,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    replySupport: build.mutation<Thread, { id: number; body: string }>({
      query: ({ id, body }) => ({ url: `admin/supports/${id}/replies`, method: 'POST', body: { body } }),
      transformResponse: (r: { data: Thread }) => r.data,
      invalidatesTags: [ADMIN],
    }),
    assignSupport: build.mutation<Thread, { id: number; userId: number | null }>({
      query: ({ id, userId }) => ({ url: `admin/supports/${id}/assign`, method: 'POST', body: { user_id: userId } }),
      transformResponse: (r: { data: Thread }) => r.data,
      invalidatesTags: [ADMIN],
    }),
    closeSupport: build.mutation<Thread, number>({
      query: (id) => ({ url: `admin/supports/${id}/close`, method: 'POST' }),
      transformResponse: (r: { data: Thread }) => r.data,
      invalidatesTags: [ADMIN],
    }),
  }),
});

export const { useAdminSupportsQuery, useAdminSupportQuery, useReplySupportMutation, useAssignSupportMutation, useCloseSupportMutation } =
  supportsApi;
