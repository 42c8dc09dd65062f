import type { TDoorDelivery, TDoorQuote, TRequestDoorDelivery } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const DOOR = 'DoorDelivery' as const;

/** The customer's door delivery of a parcel (ADR 094): its latest request, a price for a postcode, asking, cancelling. */
export const doorDeliveryApi = baseApi.enhanceEndpoints({ addTagTypes: [DOOR] }).injectEndpoints({
  endpoints: (build) => ({
    doorDelivery: build.query<TDoorDelivery | null, number>({
      query: (orderId) => ({ url: 'door-deliveries', params: { order_id: orderId } }),
      transformResponse: (r: { data: TDoorDelivery | null }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [DOOR],
    }),
    doorQuote: build.mutation<TDoorQuote, { order_id: number; postcode: string }>({
      query: (body) => ({ url: 'door-deliveries/quote', method: 'POST', body }),
      transformResponse: (r: { data: TDoorQuote }) => r.data,
    }),
    requestDoor: build.mutation<TDoorDelivery, TRequestDoorDelivery>({
      query: (body) => ({ url: 'door-deliveries', method: 'POST', body }),
      invalidatesTags: [DOOR],
    }),
    cancelDoor: build.mutation<TDoorDelivery, number>({
      query: (id) => ({ url: `door-deliveries/${id}/cancel`, method: 'POST' }),
      invalidatesTags: [DOOR],
    }),
  }),
});

export const { useDoorDeliveryQuery, useDoorQuoteMutation, useRequestDoorMutation, useCancelDoorMutation } = doorDeliveryApi;
