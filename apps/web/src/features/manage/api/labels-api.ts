import type {
  TLabelPrintersResponse,
  TLabelPrintRequest,
  TLabelPrintResponse,
  TLabelPrintResult,
  TLabelPrinter,
  TLabelSizeCode,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** Labels (ADR 080): a parcel's label as a PDF (an object URL the caller revokes), printing it, the place's printers. */
export const labelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    labelPrinters: build.query<TLabelPrinter[], void>({
      query: () => 'manage/printers',
      transformResponse: (r: TLabelPrintersResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    labelPdf: build.mutation<string, { id: number; size: TLabelSizeCode }>({
      query: ({ id, size }) => ({
        url: `manage/parcels/${id}/label`,
        params: { format: 'pdf', size },
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
    printLabel: build.mutation<TLabelPrintResult, { id: number; body: TLabelPrintRequest }>({
      query: ({ id, body }) => ({ url: `manage/parcels/${id}/label/print`, method: 'POST', body }),
      transformResponse: (r: TLabelPrintResponse) => r.data,
    }),
  }),
});

export const { useLabelPrintersQuery, useLabelPdfMutation, usePrintLabelMutation } = labelsApi;
