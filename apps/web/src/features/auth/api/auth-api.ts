import type {
  TInvitationCheckRequest,
  TInvitationCheckResponse,
  TLoginRequest,
  TOk,
  TRegisterRequest,
  TSendCodeRequest,
  TSendCodeResponse,
  TSessionResponse,
  TSetPasswordRequest,
  TSetPasswordResponse,
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
    /** A staff invitation's link (ADR 075): still good, and for whom. */
    checkInvitation: build.mutation<TInvitationCheckResponse['data'], TInvitationCheckRequest>({
      query: (body) => ({ url: 'auth/invitation', method: 'POST', body }),
      transformResponse: (response: TInvitationCheckResponse) => response.data,
    }),
    setPassword: build.mutation<TSetPasswordResponse['data'], TSetPasswordRequest>({
      query: (body) => ({ url: 'auth/set-password', method: 'POST', body }),
      transformResponse: (response: TSetPasswordResponse) => response.data,
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
  useCheckInvitationMutation,
  useSetPasswordMutation,
} = authApi;
