import type { TClaimPayoutMethod, TStaffClaim, TStaffClaimResponse, TStaffClaimRow, TStaffClaimsResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const CLAIMS = 'StaffClaims' as const;
type View = 'open' | 'approved' | 'done';

/** The claims work's calls (ADR 088): the queue, one claim with its evidence, its steps and its payout. */
export const staffClaimsApi = baseApi.enhanceEndpoints({ addTagTypes: [CLAIMS] }).injectEndpoints({
  endpoints: (build) => ({
    staffClaims: build.query<TStaffClaimRow[], { view: View; branch_id?: number }>({
      query: (params) => ({ url: 'manage/claims', params }),
      transformResponse: (r: TStaffClaimsResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [CLAIMS],
    }),
    staffClaim: build.query<TStaffClaim, number>({
      query: (id) => `manage/claims/${id}`,
      transformResponse: (r: TStaffClaimResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [CLAIMS],
    }),
    claimStep: build.mutation<
      TStaffClaim,
      {
        id: number;
        step: 'take' | 'message' | 'approve' | 'reject' | 'pay';
        body?: { text?: string; amount?: number; reason?: string; method?: TClaimPayoutMethod };
      }
    >({
      query: ({ id, step, body }) => ({ url: `manage/claims/${id}/${step}`, method: 'POST', body: body ?? {} }),
      transformResponse: (r: TStaffClaimResponse) => r.data,
      invalidatesTags: [CLAIMS],
    }),
  }),
});

export const { useStaffClaimsQuery, useStaffClaimQuery, useClaimStepMutation } = staffClaimsApi;
