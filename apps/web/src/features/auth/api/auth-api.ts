import type {
  TLoginRequest,
  TOk,
  TRegisterRequest,
  TSendCodeRequest,
  TSendCodeResponse,
  TSessionResponse,
  TUpdatePasswordRequest,
  TVerifyCodeRequest,
  TVerifyCodeResponse,
} from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';
import { sessionStarted } from '../../../lib/session/auth-slice';

type SendCodeData = TSendCodeResponse['data'];
type SessionData = TSessionResponse['data'];

/** Sign-in, registration and password reset (spec section 7, "Authentication"). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionData, TLoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      transformResponse: (response: TSessionResponse) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionStarted({ token: data.access.token, user: data.user }));
      },
    }),
    register: build.mutation<SessionData, TRegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      transformResponse: (response: TSessionResponse) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionStarted({ token: data.access.token, user: data.user }));
      },
    }),
    sendRegisterCode: build.mutation<SendCodeData, TSendCodeRequest>({
      query: (body) => ({ url: 'auth/send-code', method: 'POST', body }),
      transformResponse: (response: TSendCodeResponse) => response.data,
    }),
    sendForgotCode: build.mutation<SendCodeData, TSendCodeRequest>({
      query: (body) => ({ url: 'auth/send-code/forgot', method: 'POST', body }),
      transformResponse: (response: TSendCodeResponse) => response.data,
    }),
    verifyCode: build.mutation<TVerifyCodeResponse['data'], TVerifyCodeRequest>({
      query: (body) => ({ url: 'auth/verify-code', method: 'POST', body }),
      transformResponse: (response: TVerifyCodeResponse) => response.data,
    }),
    updatePassword: build.mutation<TOk['data'], TUpdatePasswordRequest>({
      query: (body) => ({ url: 'auth/update-password', method: 'POST', body }),
      transformResponse: (response: TOk) => response.data,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useSendRegisterCodeMutation,
  useSendForgotCodeMutation,
  useVerifyCodeMutation,
  useUpdatePasswordMutation,
} = authApi;
