import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { loggedOut, tokenRefreshed, type AuthState } from '../session/auth-slice';
import type { LangState } from '../preferences/lang-slice';

/** The part of the store the base query reads. */
interface ApiState {
  auth: AuthState;
  lang: LangState;
}

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

export interface BaseQueryOptions {
  baseUrl: string;
  fetchFn?: typeof fetch;
  timeout?: number;
}

/** Calls whose 401 means "wrong credentials" or "session over", never "refresh and try again". */
const NO_REFRESH_PATHS = ['auth/login', 'auth/register', 'auth/refresh', 'auth/logout'];

const pathOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url).replace(/^\/+/, '');
const readState = (api: Pick<BaseQueryApi, 'getState'>) => api.getState() as ApiState;

type RefreshOutcome = { token: string } | { failed: 'rejected' | 'unreachable' };

/**
 * The RTK Query base query (spec section 7 and 4):
 * - headers: Authorization with the Bearer token when there is one, Accept JSON, Accept-Language from the stored language;
 * - no token when a request is made: the session is cleared, and the request is still sent;
 * - a 401 on an authenticated call: one refresh shared by every request that got a 401 meanwhile,
 *   then each of them is retried once with the new token; a refused refresh logs out.
 *   When the refresh cannot reach the server at all, the session is kept and the original error returned.
 */
export function makeBaseQuery(options: BaseQueryOptions): AppBaseQuery {
  const raw = fetchBaseQuery({
    baseUrl: options.baseUrl,
    fetchFn: options.fetchFn,
    timeout: options.timeout,
    prepareHeaders: (headers, api) => {
      const state = readState(api);
      if (state.auth.token) headers.set('Authorization', `Bearer ${state.auth.token}`);
      headers.set('Accept', 'application/json');
      headers.set('Accept-Language', state.lang.lang);
      return headers;
    },
  });

  let refreshing: Promise<RefreshOutcome> | null = null;

  async function refresh(api: BaseQueryApi, extra: object): Promise<RefreshOutcome> {
    const result = await raw({ url: 'auth/refresh', method: 'POST' }, api, extra);
    // The contract's schema (and zod) load with the first refresh, not with the page: /auth never needs them.
    const { ZRefreshResponse } = await import('@portal/contract/auth/refresh');
    const parsed = ZRefreshResponse.safeParse(result.data);
    if (parsed.success) {
      api.dispatch(tokenRefreshed(parsed.data.data.token));
      return { token: parsed.data.data.token };
    }
    const status = result.error?.status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500)) {
      return { failed: 'unreachable' };
    }
    api.dispatch(loggedOut());
    return { failed: 'rejected' };
  }

  /** One refresh at a time: every caller that arrives while it runs waits for the same answer. */
  function sharedRefresh(api: BaseQueryApi, extra: object): Promise<RefreshOutcome> {
    refreshing ??= refresh(api, extra).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return async (args, api, extra) => {
    const before = readState(api).auth;
    const sentWith = before.token;
    if (!sentWith && (before.isAuthenticated || before.user)) api.dispatch(loggedOut());

    const result = await raw(args, api, extra);
    if (result.error?.status !== 401 || !sentWith || NO_REFRESH_PATHS.includes(pathOf(args))) return result;

    // Someone else refreshed while this request was in flight: just retry with the new token.
    const current = readState(api).auth.token;
    if (current && current !== sentWith) return raw(args, api, extra);
    if (!current) return result;

    const outcome = await sharedRefresh(api, extra);
    if ('token' in outcome) return raw(args, api, extra);
    return result;
  };
}
