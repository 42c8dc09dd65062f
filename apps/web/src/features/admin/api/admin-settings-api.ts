import type {
  TAdminSettings,
  TAdminSettingsResponse,
  TAdminSettingsUpdateRequest,
  TBagSettings,
  TWeightSettings,
  TClaimSettings,
  TLogoUploadResponse,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** admin/settings: a save also refreshes the public settings this tab shows (header, footer, map). */
export const adminSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminSettings: build.query<TAdminSettings, void>({
      query: () => 'admin/settings',
      transformResponse: (r: TAdminSettingsResponse) => r.data,
      providesTags: ['Admin'],
      keepUnusedDataFor: NO_CACHE,
    }),
    saveAdminSettings: build.mutation<TAdminSettings, TAdminSettingsUpdateRequest>({
      query: (body) => ({ url: 'admin/settings', method: 'PUT', body }),
      transformResponse: (r: TAdminSettingsResponse) => r.data,
      invalidatesTags: ['Admin', { type: 'Content', id: 'settings' }],
    }),
    uploadLogo: build.mutation<string, File>({
      query: (file) => {
        const form = new FormData();
        form.append('image', file);
        return { url: 'admin/settings/logo', method: 'POST', body: form };
      },
      transformResponse: (r: TLogoUploadResponse) => r.data.url,
    }),
    /** The bag's weighing check (issue 35, ADR 082): tare and tolerance. */
    bagSettings: build.query<TBagSettings, void>({
      query: () => 'admin/settings/bags',
      transformResponse: (r: { data: TBagSettings }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    saveBagSettings: build.mutation<TBagSettings, TBagSettings>({
      query: (body) => ({ url: 'admin/settings/bags', method: 'PUT', body }),
      transformResponse: (r: { data: TBagSettings }) => r.data,
    }),
    /** The branch weighing's tolerance (issue 36, ADR 089). */
    weightSettings: build.query<TWeightSettings, void>({
      query: () => 'admin/settings/weights',
      transformResponse: (r: { data: TWeightSettings }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    saveWeightSettings: build.mutation<TWeightSettings, TWeightSettings>({
      query: (body) => ({ url: 'admin/settings/weights', method: 'PUT', body }),
      transformResponse: (r: { data: TWeightSettings }) => r.data,
    }),
    /** Claims' deadlines and windows (issue 36, ADR 088). */
    claimSettings: build.query<TClaimSettings, void>({
      query: () => 'admin/settings/claims',
      transformResponse: (r: { data: TClaimSettings }) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    saveClaimSettings: build.mutation<TClaimSettings, TClaimSettings>({
      query: (body) => ({ url: 'admin/settings/claims', method: 'PUT', body }),
      transformResponse: (r: { data: TClaimSettings }) => r.data,
    }),
  }),
});

export const {
  useAdminSettingsQuery,
  useSaveAdminSettingsMutation,
  useUploadLogoMutation,
  useBagSettingsQuery,
  useSaveBagSettingsMutation,
  useWeightSettingsQuery,
  useSaveWeightSettingsMutation,
  useClaimSettingsQuery,
  useSaveClaimSettingsMutation,
} = adminSettingsApi;
