import type { TBookPickupRequest, TPickupBooking, TPickupBookingResponse, TPickupPlace, TPickupPlacesResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const PICKUP = 'Pickup' as const;

/** The customer's pickup slots (ADR 092): where something waits, the free times, booking and cancelling. */
export const pickupApi = baseApi.enhanceEndpoints({ addTagTypes: [PICKUP] }).injectEndpoints({
  endpoints: (build) => ({
    pickupPlaces: build.query<TPickupPlace[], void>({
      query: () => 'pickup-slots',
      transformResponse: (r: TPickupPlacesResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [PICKUP],
    }),
    bookPickup: build.mutation<TPickupBooking, TBookPickupRequest>({
      query: (body) => ({ url: 'pickup-bookings', method: 'POST', body }),
      transformResponse: (r: TPickupBookingResponse) => r.data,
      invalidatesTags: [PICKUP],
    }),
    cancelPickup: build.mutation<TPickupBooking, number>({
      query: (id) => ({ url: `pickup-bookings/${id}/cancel`, method: 'POST' }),
      transformResponse: (r: TPickupBookingResponse) => r.data,
      invalidatesTags: [PICKUP],
    }),
  }),
});

export const { usePickupPlacesQuery, useBookPickupMutation, useCancelPickupMutation } = pickupApi;
