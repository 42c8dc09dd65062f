import type { TDeclarationResponse, TDeclarationView, TSaveDeclarationRequest } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** A parcel's declaration at receipt (issue 36): the warehouse reads and corrects the owner's item lines. */
export const staffDeclarationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    parcelDeclaration: build.query<TDeclarationView, number>({
      query: (id) => `manage/parcels/${id}/declaration`,
      transformResponse: (r: TDeclarationResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    saveParcelDeclaration: build.mutation<TDeclarationView, { id: number; body: TSaveDeclarationRequest }>({
      query: ({ id, body }) => ({ url: `manage/parcels/${id}/declaration`, method: 'PUT', body }),
      transformResponse: (r: TDeclarationResponse) => r.data,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(staffDeclarationsApi.util.upsertQueryData('parcelDeclaration', id, data));
      },
    }),
  }),
});

export const { useParcelDeclarationQuery, useSaveParcelDeclarationMutation } = staffDeclarationsApi;
