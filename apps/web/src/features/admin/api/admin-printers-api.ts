import type { TAdminLabelPrinter, TAdminLabelPrintersResponse, TSaveAdminLabelPrinterRequest } from '@portal/contract';
import { baseApi } from '../../../lib/api/base-api';

/** admin/label-printers (ADR 080): each place's label printers. */
export const adminPrintersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminPrinters: build.query<TAdminLabelPrinter[], void>({
      query: () => 'admin/label-printers',
      transformResponse: (r: TAdminLabelPrintersResponse) => r.data,
      providesTags: ['Admin'],
    }),
    saveAdminPrinter: build.mutation<unknown, { id: number | null; body: TSaveAdminLabelPrinterRequest }>({
      query: ({ id, body }) => ({
        url: id === null ? 'admin/label-printers' : `admin/label-printers/${id}`,
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
      invalidatesTags: ['Admin'],
    }),
    deleteAdminPrinter: build.mutation<unknown, number>({
      query: (id) => ({ url: `admin/label-printers/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useAdminPrintersQuery, useSaveAdminPrinterMutation, useDeleteAdminPrinterMutation } = adminPrintersApi;
