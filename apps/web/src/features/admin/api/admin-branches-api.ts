import type {
  TAdminBranch,
  TAdminBranchCreateRequest,
  TAdminBranchesResponse,
  TAdminBranchResponse,
  TAdminBranchUpdateRequest,
  TAdminPaymentProviders,
  TAdminPaymentProvidersResponse,
  TSaveAdminPaymentProviderRequest,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const TAG = 'Admin' as const;

function filters(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(`filters[${key}]`, String(value));
  return params.toString();
}

/**
 * admin/branches… A saved branch also refreshes the customer-facing branch lists of this tab ('Branches'),
 * so the admin sees the change where customers will.
 */
export const adminBranchesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminBranches: build.query<TAdminBranchesResponse, { search?: string; country_id?: string; state?: string; page: number }>({
      query: (q) => `admin/branches?${filters({ ...q, per_page: 20 })}`,
      providesTags: [TAG],
      keepUnusedDataFor: NO_CACHE,
    }),
    adminBranch: build.query<TAdminBranch, number>({
      query: (id) => `admin/branches/${id}`,
      transformResponse: (r: TAdminBranchResponse) => r.data,
      providesTags: [TAG],
      keepUnusedDataFor: NO_CACHE,
    }),
    createAdminBranch: build.mutation<TAdminBranch, TAdminBranchCreateRequest>({
      query: (body) => ({ url: 'admin/branches', method: 'POST', body }),
      transformResponse: (r: TAdminBranchResponse) => r.data,
      invalidatesTags: [TAG, 'Branches'],
    }),
    updateAdminBranch: build.mutation<TAdminBranch, { id: number; body: TAdminBranchUpdateRequest }>({
      query: ({ id, body }) => ({ url: `admin/branches/${id}`, method: 'PUT', body }),
      transformResponse: (r: TAdminBranchResponse) => r.data,
      invalidatesTags: [TAG, 'Branches'],
    }),
    setAdminBranchOpen: build.mutation<TAdminBranch, { id: number; version: number; open: boolean }>({
      query: ({ id, version, open }) => ({ url: `admin/branches/${id}/${open ? 'reopen' : 'close'}`, method: 'POST', body: { version } }),
      transformResponse: (r: TAdminBranchResponse) => r.data,
      invalidatesTags: [TAG, 'Branches'],
    }),
    /** A branch's online payment providers (ADR 077): which credential fields are set, never their values. */
    adminPaymentProviders: build.query<TAdminPaymentProviders, number>({
      query: (id) => `admin/branches/${id}/payment-providers`,
      transformResponse: (r: TAdminPaymentProvidersResponse) => r.data,
      providesTags: [TAG],
      keepUnusedDataFor: NO_CACHE,
    }),
    saveAdminPaymentProvider: build.mutation<TAdminPaymentProviders, { id: number; body: TSaveAdminPaymentProviderRequest }>({
      query: ({ id, body }) => ({ url: `admin/branches/${id}/payment-providers`, method: 'PUT', body }),
      transformResponse: (r: TAdminPaymentProvidersResponse) => r.data,
      // The list comes back with the answer; the branch itself did not change.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(adminBranchesApi.util.upsertQueryData('adminPaymentProviders', id, data));
      },
    }),
  }),
});

export const {
  useAdminPaymentProvidersQuery,
  useSaveAdminPaymentProviderMutation,
  useAdminBranchesQuery,
  useAdminBranchQuery,
  useCreateAdminBranchMutation,
  useUpdateAdminBranchMutation,
  useSetAdminBranchOpenMutation,
} = adminBranchesApi;
