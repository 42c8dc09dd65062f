import type { TCustomsHoldRequest, TCustomsParcelResponse, TManageParcel } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

const MANAGE = 'Manage' as const;
const FLIGHTS = 'Flights' as const;
const file = async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json());

/** Customs on flights (issue 36, ADR 085): the broker's manifest file, and a parcel held by customs and released. */
export const customsApi = baseApi.enhanceEndpoints({ addTagTypes: [FLIGHTS] }).injectEndpoints({
  endpoints: (build) => ({
    /** The manifest as an object URL (the caller saves it, then it is revoked). */
    customsManifest: build.mutation<string, { flightId: number; format: 'xlsx' | 'csv'; lang: string; branchId?: number }>({
      query: ({ flightId, format, lang, branchId }) => ({
        url: `manage/flights/${flightId}/customs-manifest`,
        params: { format, lang, ...(branchId ? { branch_id: branchId } : {}) },
        timeout: 120_000,
        responseHandler: file,
      }),
    }),
    customsHold: build.mutation<TManageParcel, { id: number; body: TCustomsHoldRequest }>({
      query: ({ id, body }) => ({ url: `manage/parcels/${id}/customs-hold`, method: 'POST', body }),
      transformResponse: (r: TCustomsParcelResponse) => r.data,
      invalidatesTags: [MANAGE, FLIGHTS],
    }),
    customsRelease: build.mutation<TManageParcel, number>({
      query: (id) => ({ url: `manage/parcels/${id}/customs-release`, method: 'POST', body: {} }),
      transformResponse: (r: TCustomsParcelResponse) => r.data,
      invalidatesTags: [MANAGE, FLIGHTS],
    }),
  }),
});

export const { useCustomsManifestMutation, useCustomsHoldMutation, useCustomsReleaseMutation } = customsApi;
