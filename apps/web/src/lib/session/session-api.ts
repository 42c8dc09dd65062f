import type { TAuthUserResponse, TLogoutRequest, TUser } from '@portal/contract';
import { baseApi } from '../api/base-api';
import { initialized, loggedOut, userLoaded } from './auth-slice';

/** The session calls the shell and several features share: the current user and logout. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; fetched at start when a token is stored. A failure only marks the session initialised. */
    getAuthUser: build.query<TUser, void>({
      query: () => 'auth/user',
      transformResponse: (response: TAuthUserResponse) => response.data,
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userLoaded(data));
        } catch {
          dispatch(initialized());
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
