import type {
  TCustomerBalance,
  TCustomerBalanceResponse,
  TAuthUserResponse,
  TDeleteAccountRequest,
  TSendCodeResponse,
  TSendNewPhoneCodeRequest,
  TUpdatePhoneRequest,
  TUpdateUserRequest,
  TUser,
  TVerifyCodeResponse,
} from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';
import { userLoaded } from '../../../lib/session/auth-slice';

async function keepUser(dispatch: (action: ReturnType<typeof userLoaded>) => unknown, queryFulfilled: Promise<{ data: TUser }>) {
  const result = await queryFulfilled.catch(() => null);
  if (result) dispatch(userLoaded(result.data));
}

/** The signed-in user's own data and the phone change (code to the current number → verify → new number → code to the new number → save). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    balance: build.query<TCustomerBalance, void>({
      query: () => 'balance',
      transformResponse: (response: TCustomerBalanceResponse) => response.data,
      keepUnusedDataFor: 0,
    }),
    updateUser: build.mutation<TUser, TUpdateUserRequest>({
      query: (body) => ({ url: 'auth/user/update', method: 'POST', body }),
      transformResponse: (response: TAuthUserResponse) => response.data,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepUser(dispatch, queryFulfilled),
    }),
    sendPhoneChangeCode: build.mutation<TSendCodeResponse['data'], void>({
      query: () => ({ url: 'auth/send-code/update-phone', method: 'POST' }),
      transformResponse: (response: TSendCodeResponse) => response.data,
    }),
    verifyPhoneChangeCode: build.mutation<TVerifyCodeResponse['data'], { phone_number: string; code: string }>({
      query: (body) => ({ url: 'auth/verify-code', method: 'POST', body: { ...body, type: 'update_phone' } }),
      transformResponse: (response: TVerifyCodeResponse) => response.data,
    }),
    sendNewPhoneCode: build.mutation<TSendCodeResponse['data'], TSendNewPhoneCodeRequest>({
      query: (body) => ({ url: 'auth/send-code/new-phone', method: 'POST', body }),
      transformResponse: (response: TSendCodeResponse) => response.data,
    }),
    sendDeleteAccountCode: build.mutation<TSendCodeResponse['data'], void>({
      query: () => ({ url: 'auth/send-code/delete-account', method: 'POST' }),
      transformResponse: (response: TSendCodeResponse) => response.data,
    }),
    deleteAccount: build.mutation<void, TDeleteAccountRequest>({
      query: (body) => ({ url: 'auth/user/delete', method: 'POST', body }),
    }),
    updatePhone: build.mutation<TUser, TUpdatePhoneRequest>({
      query: (body) => ({ url: 'auth/user/update-phone', method: 'POST', body }),
      transformResponse: (response: TAuthUserResponse) => response.data,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepUser(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useBalanceQuery,
  useUpdateUserMutation,
  useSendPhoneChangeCodeMutation,
  useVerifyPhoneChangeCodeMutation,
  useSendNewPhoneCodeMutation,
  useUpdatePhoneMutation,
  useSendDeleteAccountCodeMutation,
  useDeleteAccountMutation,
} = accountApi;
