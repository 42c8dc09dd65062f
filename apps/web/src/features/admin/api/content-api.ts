import type {
  TAdminStatus,
  TAdminStatusesResponse,
  TAdminStatusResponse,
  TContentImageKind,
  TContentImageResponse,
  TPageMeta,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const ADMIN = 'Admin' as const;

/** The content kinds with the same six calls (admin/<path>…): news has no move, the others are ordered. */
export type ContentPath = 'news' | 'lessons' | 'faqs' | 'prohibited-items' | 'marketplaces';

/** An item as the generic screens handle it (each kind's contract type has these and its own fields). */
export interface ContentItem {
  id: number;
  version: number;
  missing_languages: ('kk' | 'ru' | 'en')[];
  [field: string]: unknown;
}

export interface ContentListQuery {
  path: ContentPath;
  search?: string;
  missing?: string;
  state?: string;
  page: number;
}

/**
 * The admin content calls (news, lessons, FAQ, prohibited items, marketplaces, order status names, images).
 * Typed loosely by path; each screen reads its own fields (packages/contract/src/admin/*).
 */
export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    contentList: build.query<{ data: ContentItem[]; meta: TPageMeta }, ContentListQuery>({
      query: ({ path, page, ...rest }) => {
        const params = new URLSearchParams({ 'filters[page]': String(page), 'filters[per_page]': '20' });
        for (const [key, value] of Object.entries(rest)) if (value) params.set(`filters[${key}]`, value);
        return `admin/${path}?${params.toString()}`;
      },
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    contentItem: build.query<ContentItem, { path: ContentPath; id: number }>({
      query: ({ path, id }) => `admin/${path}/${id}`,
      transformResponse: (r: { data: ContentItem }) => r.data,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    saveContent: build.mutation<ContentItem, { path: ContentPath; id: number | null; body: Record<string, unknown> }>({
      query: ({ path, id, body }) =>
        id ? { url: `admin/${path}/${id}`, method: 'PUT', body } : { url: `admin/${path}`, method: 'POST', body },
      transformResponse: (r: { data: ContentItem }) => r.data,
      invalidatesTags: [ADMIN, 'Content'],
    }),
    moveContent: build.mutation<void, { path: ContentPath; id: number; direction: 'up' | 'down' }>({
      query: ({ path, id, direction }) => ({ url: `admin/${path}/${id}/move`, method: 'POST', body: { direction } }),
      invalidatesTags: [ADMIN, 'Content'],
    }),
    deleteContent: build.mutation<void, { path: ContentPath; id: number }>({
      query: ({ path, id }) => ({ url: `admin/${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: [ADMIN, 'Content'],
    }),
    uploadContentImage: build.mutation<string, { kind: TContentImageKind; file: File }>({
      query: ({ kind, file }) => {
        const form = new FormData();
        form.append('image', file);
        return { url: `admin/uploads/${kind}`, method: 'POST', body: form };
      },
      transformResponse: (r: TContentImageResponse) => r.data.url,
    }),
    adminStatuses: build.query<TAdminStatus[], void>({
      query: () => 'admin/statuses',
      transformResponse: (r: TAdminStatusesResponse) => r.data,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    updateStatus: build.mutation<TAdminStatus, { id: number; body: { name: Record<'kk' | 'ru' | 'en', string>; version: number } }>({
      query: ({ id, body }) => ({ url: `admin/statuses/${id}`, method: 'PUT', body }),
      transformResponse: (r: TAdminStatusResponse) => r.data,
      invalidatesTags: [ADMIN, 'Content'],
    }),
  }),
});

export const {
  useContentListQuery,
  useContentItemQuery,
  useSaveContentMutation,
  useMoveContentMutation,
  useDeleteContentMutation,
  useUploadContentImageMutation,
  useAdminStatusesQuery,
  useUpdateStatusMutation,
} = contentApi;
