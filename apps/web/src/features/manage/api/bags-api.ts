import type {
  TBag,
  TBagArrival,
  TBagArrivalResponse,
  TBagArriveRequest,
  TBagDetails,
  TBagFoundRequest,
  TBagListQuery,
  TBagResponse,
  TBagScanResponse,
  TBagStatus,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** A bag's lists: every change of a bag reloads them. */
const BAGS = 'Bags' as const;
const FLIGHTS = 'Flights' as const;
const file = async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json());

/** The bag works (issue 35, ADR 082): packing at the warehouse and the bag's arrival at the branch. */
export const bagsApi = baseApi.enhanceEndpoints({ addTagTypes: [BAGS, FLIGHTS] }).injectEndpoints({
  endpoints: (build) => ({
    bags: build.query<TBag[], TBagListQuery & { status?: TBagStatus }>({
      query: (params) => ({ url: 'manage/bags', params }),
      transformResponse: (r: { data: TBag[] }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [BAGS],
    }),
    bag: build.query<TBagDetails, number>({
      query: (id) => `manage/bags/${id}`,
      transformResponse: (r: TBagResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [BAGS],
    }),
    openBag: build.mutation<TBagDetails, number>({
      query: (branchId) => ({ url: 'manage/bags', method: 'POST', body: { branch_id: branchId } }),
      transformResponse: (r: TBagResponse) => r.data,
      invalidatesTags: [BAGS],
    }),
    scanIntoBag: build.mutation<TBagScanResponse['data'], { id: number; codes: string[] }>({
      query: ({ id, codes }) => ({ url: `manage/bags/${id}/items`, method: 'POST', body: { codes } }),
      transformResponse: (r: TBagScanResponse) => r.data,
      invalidatesTags: [BAGS],
    }),
    removeFromBag: build.mutation<TBagDetails, { id: number; orderId: number }>({
      query: ({ id, orderId }) => ({ url: `manage/bags/${id}/items/${orderId}`, method: 'DELETE' }),
      transformResponse: (r: TBagResponse) => r.data,
      invalidatesTags: [BAGS],
    }),
    bagAction: build.mutation<TBagDetails, { id: number; action: 'weigh' | 'seal' | 'reopen' | 'dispatch'; body?: object }>({
      query: ({ id, action, body }) => ({ url: `manage/bags/${id}/${action}`, method: 'POST', body: body ?? {} }),
      transformResponse: (r: TBagResponse) => r.data,
      invalidatesTags: [BAGS, FLIGHTS],
    }),
    /** A file (the bag's label, a flight's manifest) as an object URL (the caller revokes it after use). */
    bagFile: build.mutation<string, { url: string; params: Record<string, string> }>({
      query: ({ url, params }) => ({ url, params, timeout: 120_000, responseHandler: file }),
    }),
    arriveBag: build.mutation<TBagArrival, TBagArriveRequest>({
      query: (body) => ({ url: 'manage/bag-arrival', method: 'POST', body }),
      transformResponse: (r: TBagArrivalResponse) => r.data,
      invalidatesTags: [FLIGHTS],
    }),
    scanFoundInBag: build.mutation<TBagArrival, { id: number; body: TBagFoundRequest }>({
      query: ({ id, body }) => ({ url: `manage/bag-arrival/${id}/scan`, method: 'POST', body }),
      transformResponse: (r: TBagArrivalResponse) => r.data,
    }),
  }),
});

export const {
  useBagsQuery,
  useBagQuery,
  useOpenBagMutation,
  useScanIntoBagMutation,
  useRemoveFromBagMutation,
  useBagActionMutation,
  useBagFileMutation,
  useArriveBagMutation,
  useScanFoundInBagMutation,
} = bagsApi;

/** Starts the download of an object URL under `name`, then lets it go. */
export function saveFile(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
