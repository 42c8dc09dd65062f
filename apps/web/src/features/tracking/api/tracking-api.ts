import type { TPublicTracking } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** Public tracking (issue 37): where the parcel of a code is, without signing in. */
export const trackingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTracking: build.query<TPublicTracking, string>({
      query: (code) => `tracking/${encodeURIComponent(code)}`,
      transformResponse: (response: { data: TPublicTracking }) => response.data,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetTrackingQuery } = trackingApi;
