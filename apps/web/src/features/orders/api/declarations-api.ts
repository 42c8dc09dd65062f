import type { TDeclarationResponse, TDeclarationView, TSaveDeclarationRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** The customer's declaration of a code (issue 36): read, and replaced whole with the version edited. */
export const declarationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDeclaration: build.query<TDeclarationView, string>({
      query: (code) => `declarations/${encodeURIComponent(code)}`,
      transformResponse: (r: TDeclarationResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    saveDeclaration: build.mutation<TDeclarationView, { code: string; body: TSaveDeclarationRequest }>({
      query: ({ code, body }) => ({ url: `declarations/${encodeURIComponent(code)}`, method: 'PUT', body }),
      transformResponse: (r: TDeclarationResponse) => r.data,
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(declarationsApi.util.upsertQueryData('getDeclaration', code, data));
      },
    }),
  }),
});

export const { useGetDeclarationQuery, useSaveDeclarationMutation, useLazyGetDeclarationQuery } = declarationsApi;
