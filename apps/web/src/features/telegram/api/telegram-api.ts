import type { TSessionResponse, TTelegramAuthRequest, TTelegramContactRequest, TTelegramContactResult } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';
import { sessionStarted } from '../../../lib/session/auth-slice';

type SessionData = TSessionResponse['data'];

/** Signing in inside Telegram (ADR 078): Telegram's signed initData, then, for a new Telegram user, the shared contact. */
export const telegramApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    telegramSignIn: build.mutation<SessionData, TTelegramAuthRequest>({
      query: (body) => ({ url: 'auth/telegram', method: 'POST', body }),
      transformResponse: (response: TSessionResponse) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionStarted({ token: data.access.token, user: data.user }));
      },
    }),
    telegramContact: build.mutation<TTelegramContactResult, TTelegramContactRequest>({
      query: (body) => ({ url: 'auth/telegram/contact', method: 'POST', body }),
      transformResponse: (response: { data: TTelegramContactResult }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.status === 'signed_in') dispatch(sessionStarted({ token: data.access.token, user: data.user }));
      },
    }),
  }),
});

export const { useTelegramContactMutation } = telegramApi;
