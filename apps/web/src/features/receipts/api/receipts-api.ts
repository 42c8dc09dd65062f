import type { TLang, TReceipt, TReceiptResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** GET receipts/{id}: the customer's own hand-over receipt; receipts/{id}.pdf: the same as a PDF file. */
export const receiptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReceipt: build.query<TReceipt, number>({
      query: (id) => `receipts/${id}`,
      transformResponse: (r: TReceiptResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    /** The PDF as an object URL (the caller revokes it after the download starts). */
    receiptPdf: build.mutation<string, { id: number; lang: TLang }>({
      query: ({ id, lang }) => ({
        url: `receipts/${id}.pdf`,
        params: { lang },
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
  }),
});

export const { useGetReceiptQuery, useReceiptPdfMutation } = receiptsApi;
