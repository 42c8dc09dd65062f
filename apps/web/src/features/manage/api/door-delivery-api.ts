import type { TCourier, TDoorFailReason, TDoorStop, TDoorStopsResponse, TPaymentInput, TReceipt } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const STOPS = 'DoorStops' as const;
const withBranch = (branch_id?: number) => (branch_id ? { branch_id } : {});

/** The door delivery work's calls (ADR 094): the branch's stops to assign, the courier's day, and each stop's steps. */
export const doorDeliveryApi = baseApi.enhanceEndpoints({ addTagTypes: [STOPS] }).injectEndpoints({
  endpoints: (build) => ({
    doorStops: build.query<TDoorStop[], { view: 'open' | 'route'; branch_id?: number }>({
      query: ({ view, branch_id }) => ({ url: 'manage/door-deliveries', params: { view, ...withBranch(branch_id) } }),
      transformResponse: (r: TDoorStopsResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [STOPS],
    }),
    couriers: build.query<TCourier[], { branch_id?: number }>({
      query: ({ branch_id }) => ({ url: 'manage/door-deliveries/couriers', params: withBranch(branch_id) }),
      transformResponse: (r: { data: TCourier[] }) => r.data,
    }),
    assignStop: build.mutation<TDoorStop, { id: number; branch_id?: number; courier_user_id: number; date: string }>({
      query: ({ id, ...body }) => ({ url: `manage/door-deliveries/${id}/assign`, method: 'POST', body }),
      invalidatesTags: [STOPS],
    }),
    setOut: build.mutation<TDoorStop, { id: number; branch_id?: number }>({
      query: ({ id, ...body }) => ({ url: `manage/door-deliveries/${id}/out`, method: 'POST', body }),
      invalidatesTags: [STOPS],
    }),
    deliverStop: build.mutation<TReceipt, { id: number; branch_id?: number; code: string; payments?: TPaymentInput[] }>({
      query: ({ id, ...body }) => ({ url: `manage/door-deliveries/${id}/deliver`, method: 'POST', body }),
      invalidatesTags: [STOPS],
    }),
    failStop: build.mutation<TDoorStop, { id: number; branch_id?: number; reason: TDoorFailReason; note?: string }>({
      query: ({ id, ...body }) => ({ url: `manage/door-deliveries/${id}/fail`, method: 'POST', body }),
      invalidatesTags: [STOPS],
    }),
  }),
});

export const {
  useDoorStopsQuery,
  useCouriersQuery,
  useAssignStopMutation,
  useSetOutMutation,
  useDeliverStopMutation,
  useFailStopMutation,
} = doorDeliveryApi;
