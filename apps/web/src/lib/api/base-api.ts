import { createApi } from '@reduxjs/toolkit/query/react';
import { env } from '../../config/env';
import { bootFetch } from './boot-fetch';
import { makeBaseQuery } from './base-query';

/** Tags every feature invalidates by; features add their endpoints with `baseApi.injectEndpoints`. */
export const API_TAGS = ['User', 'Orders', 'OrderStatuses', 'Tracks', 'Notifications', 'Branches', 'Content', 'Manage', 'Admin'] as const;

/**
 * The one RTK Query API of the app. Cache lifetimes (spec section 9): unused data is kept 60 s and
 * nothing polls; order, status, saved-track and pending-order queries set `keepUnusedDataFor: 0` themselves.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  // bootFetch: the calls of the start come from index.html's inline script when it already sent them (boot-fetch.ts).
  baseQuery: makeBaseQuery({ baseUrl: env.apiBase, timeout: env.requestTimeoutMs, fetchFn: bootFetch }),
  tagTypes: API_TAGS,
  keepUnusedDataFor: 60,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/** Keep no unused data: for order, status, saved-track and pending-order queries. */
export const NO_CACHE = 0;
