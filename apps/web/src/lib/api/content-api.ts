import type {
  TBranch,
  TBranchResponse,
  TChinaAddress,
  TChinaAddressResponse,
  TCreateSupportRequest,
  TCreateSupportResponse,
  TSupportReplyRequest,
  TSupportsResponse,
  TSupportThread,
  TSupportThreadResponse,
  TFaq,
  TFaqsResponse,
  TLesson,
  TLessonResponse,
  TLessonSummary,
  TLessonsResponse,
  TMarketplace,
  TMarketplacesResponse,
  TNewsItem,
  TNewsItemResponse,
  TNewsListResponse,
  TProhibitedItem,
  TProhibitedItemsResponse,
  TSupportReceipt,
} from '@portal/contract';
import { baseApi } from './base-api';

/**
 * The carrier's content (spec section 7 "Content"): shared by the home page and the lessons,
 * branches and information pages. Public answers carry ETags, so a repeat fetch costs a 304.
 */
export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMarketplaces: build.query<TMarketplace[], void>({
      query: () => 'marketplaces',
      transformResponse: (response: TMarketplacesResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'marketplaces' }],
    }),
    getProhibitedItems: build.query<TProhibitedItem[], void>({
      query: () => 'prohibited-items',
      transformResponse: (response: TProhibitedItemsResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'prohibited-items' }],
    }),
    getNews: build.query<TNewsListResponse, { page: number; perPage: number }>({
      query: ({ page, perPage }) => ({ url: 'news', params: { 'filters[page]': page, 'filters[per_page]': perPage } }),
      providesTags: [{ type: 'Content', id: 'news' }],
    }),
    getNewsItem: build.query<TNewsItem, number>({
      query: (id) => `news/${id}`,
      transformResponse: (response: TNewsItemResponse) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Content', id: `news-${id}` }],
    }),
    getFaqs: build.query<TFaq[], string>({
      query: (search) => ({ url: 'faqs', params: search.trim() ? { search: search.trim() } : undefined }),
      transformResponse: (response: TFaqsResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'faqs' }],
    }),
    getLessons: build.query<TLessonSummary[], void>({
      query: () => 'lessons',
      transformResponse: (response: TLessonsResponse) => response.data,
      providesTags: [{ type: 'Content', id: 'lessons' }],
    }),
    getLesson: build.query<TLesson, number>({
      query: (id) => `lessons/${id}`,
      transformResponse: (response: TLessonResponse) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Content', id: `lesson-${id}` }],
    }),
    getBranch: build.query<TBranch, number>({
      query: (id) => `branches/${id}`,
      transformResponse: (response: TBranchResponse) => response.data,
      providesTags: (_r, _e, id) => [{ type: 'Branches', id }],
    }),
    /**
     * The signed-in customer's China address. The argument only keys the cache: pass what the address
     * depends on (user, branch, phone), so a change of branch or number fetches it again.
     */
    getChinaAddress: build.query<TChinaAddress, string>({
      query: () => 'china-address',
      transformResponse: (response: TChinaAddressResponse) => response.data,
      providesTags: [{ type: 'User', id: 'china-address' }],
    }),
    createSupport: build.mutation<TSupportReceipt, TCreateSupportRequest>({
      query: (body) => ({ url: 'supports', method: 'POST', body }),
      transformResponse: (response: TCreateSupportResponse) => response.data,
      invalidatesTags: [{ type: 'User', id: 'supports' }],
    }),
    /** The signed-in customer's own requests ("my requests") and one thread; answering in it. */
    getMySupports: build.query<TSupportsResponse, { page: number }>({
      query: ({ page }) => ({ url: 'supports', params: { 'filters[page]': page, 'filters[per_page]': 10 } }),
      providesTags: [{ type: 'User', id: 'supports' }],
      keepUnusedDataFor: 0,
    }),
    getMySupport: build.query<TSupportThread, number>({
      query: (id) => `supports/${id}`,
      transformResponse: (response: TSupportThreadResponse) => response.data,
      providesTags: [{ type: 'User', id: 'supports' }],
      keepUnusedDataFor: 0,
    }),
    replyMySupport: build.mutation<TSupportThread, { id: number; body: TSupportReplyRequest }>({
      query: ({ id, body }) => ({ url: `supports/${id}/replies`, method: 'POST', body }),
      transformResponse: (response: TSupportThreadResponse) => response.data,
      invalidatesTags: [{ type: 'User', id: 'supports' }],
    }),
  }),
});

export const {
  useGetMarketplacesQuery,
  useGetProhibitedItemsQuery,
  useGetNewsQuery,
  useGetNewsItemQuery,
  useGetFaqsQuery,
  useGetLessonsQuery,
  useGetLessonQuery,
  useGetBranchQuery,
  useGetChinaAddressQuery,
  useCreateSupportMutation,
  useGetMySupportsQuery,
  useGetMySupportQuery,
  useReplyMySupportMutation,
} = contentApi;
