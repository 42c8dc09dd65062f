import type { TAdminSettings, TAdminSettingsResponse, TAdminSettingsUpdateRequest, TLogoUploadResponse } from '@portal/contract';
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
  }),
});

export const { useAdminSettingsQuery, useSaveAdminSettingsMutation, useUploadLogoMutation } = adminSettingsApi;
