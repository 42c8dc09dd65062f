import type { TAuthUserResponse, TLogoutRequest, TUser } from '@portal/contract';
import { ADDRESSES } from '../api/addresses';
import { baseApi } from '../api/base-api';
import { initialized, loggedOut, sessionUnavailable, userLoaded } from './auth-slice';

/** The session calls the shell and several features share: the current user and logout. */
/** A failure that says nothing about the session: the service could not be reached or failed (network, timeout, 5xx). */
function serviceAway(failure: unknown): boolean {
  const status = (failure as { error?: { status?: unknown } } | null)?.error?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; fetched at start when a token is stored. A failure only marks the session initialised. */
    getAuthUser: build.query<TUser, void>({
      query: () => ADDRESSES.authUser,
      transformResponse: (response: TAuthUserResponse) => response.data,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userLoaded(data));
        } catch (failure) {
          dispatch(serviceAway(failure) ? sessionUnavailable() : initialized());
        }
      },
    }),
    /** Ends the session on the server; the local session is cleared whatever the answer. */
    logout: build.mutation<void, TLogoutRequest | void>({
      query: (body) => ({ url: 'auth/logout', method: 'POST', body: body ?? undefined }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(loggedOut());
      },
    }),
  }),
});

export const { useGetAuthUserQuery, useLogoutMutation } = sessionApi;

/**
 * The one session check: asks GET auth/user again, past any kept answer (the start, a claimed code, a page that shows
 * the latest notifications, a live event). A success signs in with the fresh user; a failure only marks the session
 * initialised (getAuthUser's onQueryStarted); a refused token goes through the base query's refresh.
 */
export const checkSession = () => sessionApi.endpoints.getAuthUser.initiate(undefined, { subscribe: false, forceRefetch: true });
