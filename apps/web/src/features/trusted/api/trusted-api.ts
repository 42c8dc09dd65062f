import type { TCreateTrustedRequest, TTrustedChoice, TTrustedPass, TTrustedPerson, TUpdateTrustedRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** Trusted people (ADR 091): the customer's list, naming, changing, revoking and re-sending; the public page of the SMS link. */
export const trustedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTrusted: build.query<TTrustedPerson[], void>({
      query: () => 'trusted',
      transformResponse: (r: { data: TTrustedPerson[] }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    getTrustedChoices: build.query<TTrustedChoice[], void>({
      query: () => 'trusted/parcels',
      transformResponse: (r: { data: TTrustedChoice[] }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    createTrusted: build.mutation<TTrustedPerson, TCreateTrustedRequest>({
      query: (body) => ({ url: 'trusted', method: 'POST', body }),
      transformResponse: (r: { data: TTrustedPerson }) => r.data,
    }),
    updateTrusted: build.mutation<TTrustedPerson, { id: number; body: TUpdateTrustedRequest }>({
      query: ({ id, body }) => ({ url: `trusted/${id}`, method: 'PATCH', body }),
      transformResponse: (r: { data: TTrustedPerson }) => r.data,
    }),
    revokeTrusted: build.mutation<TTrustedPerson, number>({
      query: (id) => ({ url: `trusted/${id}/revoke`, method: 'POST' }),
      transformResponse: (r: { data: TTrustedPerson }) => r.data,
    }),
    resendTrusted: build.mutation<TTrustedPerson, number>({
      query: (id) => ({ url: `trusted/${id}/resend`, method: 'POST' }),
      transformResponse: (r: { data: TTrustedPerson }) => r.data,
    }),
    getTrustedPass: build.query<TTrustedPass, { token: string; lang: string }>({
      query: ({ token }) => `trusted-pass?token=${encodeURIComponent(token)}`,
      transformResponse: (r: { data: TTrustedPass }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
  }),
});

export const {
  useGetTrustedQuery,
  useGetTrustedChoicesQuery,
  useCreateTrustedMutation,
  useUpdateTrustedMutation,
  useRevokeTrustedMutation,
  useResendTrustedMutation,
  useGetTrustedPassQuery,
} = trustedApi;
