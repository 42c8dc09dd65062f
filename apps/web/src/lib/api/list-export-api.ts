import { baseApi } from './base-api';

/**
 * A staff list's file (GET …/export with the list's own filters, `format` and `lang`) as an object URL; the caller
 * revokes it after the download starts.
 */
export const listExportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listExport: build.mutation<string, { url: string; params: Record<string, string | number | undefined> }>({
      query: ({ url, params }) => ({
        url,
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
        timeout: 120_000,
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
  }),
});

export const { useListExportMutation } = listExportApi;
