import type { TBranchWeightRequest, TWeightCheck, TWeightCheckResponse } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** Every list and parcel view of the staff area reloads after a weighing (the manage API's tag). */
const MANAGE = 'Manage' as const;

/** Branch weighing (issue 36, ADR 089): record a parcel's branch weight; record the customer's word at the counter. */
export const weightsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    recordBranchWeight: build.mutation<TWeightCheck, { id: number; body: TBranchWeightRequest }>({
      query: ({ id, body }) => ({ url: `manage/parcels/${id}/branch-weight`, method: 'POST', body }),
      transformResponse: (r: TWeightCheckResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    counterConfirm: build.mutation<TWeightCheck, { id: number; branch_id?: number }>({
      query: ({ id, branch_id }) => ({ url: `manage/weight-checks/${id}/counter-confirm`, method: 'POST', body: { branch_id } }),
      transformResponse: (r: TWeightCheckResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
  }),
});

export const { useRecordBranchWeightMutation, useCounterConfirmMutation } = weightsApi;
