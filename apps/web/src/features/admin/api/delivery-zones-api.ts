import type { TDeliveryZone, TDeliveryZoneInput } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** admin/delivery-zones (ADR 094): each branch's door delivery zones. */
export const deliveryZonesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deliveryZones: build.query<TDeliveryZone[], void>({
      query: () => 'admin/delivery-zones',
      transformResponse: (r: { data: TDeliveryZone[] }) => r.data,
      providesTags: ['Admin'],
    }),
    saveDeliveryZone: build.mutation<unknown, { id: number | null; body: TDeliveryZoneInput }>({
      query: ({ id, body }) => ({
        url: id === null ? 'admin/delivery-zones' : `admin/delivery-zones/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useDeliveryZonesQuery, useSaveDeliveryZoneMutation } = deliveryZonesApi;
