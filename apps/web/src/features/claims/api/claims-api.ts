import type { TClaim, TClaimResponse, TClaimsResponse, TClaimSummary, TOpenClaimRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const CLAIMS = 'Claims' as const;

/** The customer's claims (ADR 088): open one, add photos, answer staff, read them back. */
export const claimsApi = baseApi.enhanceEndpoints({ addTagTypes: [CLAIMS] }).injectEndpoints({
  endpoints: (build) => ({
    myClaims: build.query<TClaimSummary[], void>({
      query: () => 'claims',
      transformResponse: (r: TClaimsResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [CLAIMS],
    }),
    claim: build.query<TClaim, number>({
      query: (id) => `claims/${id}`,
      transformResponse: (r: TClaimResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [CLAIMS],
    }),
    openClaim: build.mutation<TClaim, TOpenClaimRequest>({
      query: (body) => ({ url: 'claims', method: 'POST', body }),
      transformResponse: (r: TClaimResponse) => r.data,
      invalidatesTags: [CLAIMS],
    }),
    addClaimPhotos: build.mutation<TClaim, { id: number; files: File[] }>({
      query: ({ id, files }) => {
        const form = new FormData();
        for (const f of files) form.append('photos', f, f.name);
        return { url: `claims/${id}/photos`, method: 'POST', body: form, timeout: 60_000 };
      },
      transformResponse: (r: TClaimResponse) => r.data,
      invalidatesTags: [CLAIMS],
    }),
    replyToClaim: build.mutation<TClaim, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `claims/${id}/message`, method: 'POST', body: { text } }),
      transformResponse: (r: TClaimResponse) => r.data,
      invalidatesTags: [CLAIMS],
    }),
  }),
});

export const { useMyClaimsQuery, useClaimQuery, useOpenClaimMutation, useAddClaimPhotosMutation, useReplyToClaimMutation } = claimsApi;
