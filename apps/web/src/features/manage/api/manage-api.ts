import type {
  TDelayFlightRequest,
  TDelayFlightResult,
  TDelayFlightResponse,
  TFlightDetails,
  TFlightDetailsResponse,
  TCreateFlightRequest,
  TFlight,
  TFlightListResponse,
  TFlightResponse,
  TDashboard,
  TDashboardResponse,
  TExportQuery,
  TReportQuery,
  TWorklistKind,
  TWorklistResponse,
  TWorklistRow,
  TCloseDayRequest,
  TDayClose,
  TDayCloseResponse,
  TDayCloseView,
  TDayCloseViewResponse,
  TListDayClosesResponse,
  TPayDebtRequest,
  TPayDebtResponse,
  TPayDebtResult,
  TArriveRequest,
  TArriveResponse,
  TArriveResult,
  TAssignUnclaimedResponse,
  TAssignDisputeResponse,
  TReleaseDisputeResponse,
  TDisputesResponse,
  TCompleteOrdersRequest,
  TCompleteOrdersResponse,
  TCustomerDetailResponse,
  TDispatchListQuery,
  TDispatchListResponse,
  TDispatchRequest,
  TDispatchResponse,
  TDispatchResult,
  TStaffSearchResponse,
  TDispatchExportQuery,
  THandoverLookup,
  THandoverLookupRequest,
  THandoverLookupResponse,
  TImportCommitResponse,
  TImportMappingRequest,
  TImportUndoResponse,
  TFlightArrivalCheck,
  TFlightArrivalCheckResponse,
  TFlightArrivalCloseRequest,
  TImportDetailResponse,
  TImportOutcome,
  TImportPreviewResponse,
  TImportSummary,
  TManageContext,
  TManageContextResponse,
  TManageParcel,
  TParcelCorrectionRequest,
  TParcelCorrectionResponse,
  TParcelCorrectionResult,
  TParcelDetail,
  TParcelDetailResponse,
  TReceipt,
  TReceiveParcelRequest,
  TReceiveParcelResponse,
  TReceiveParcelResult,
  TUnclaimedResponse,
  TUploadPhotosResponse,
  TParcelPhoto,
  TParcelPhotoKind,
  TParcelPhotosResponse,
  TListPaymentsResponse,
  TPayment,
  TPaymentDifference,
  TPaymentDifferencesResponse,
  TRefundOnlinePaymentRequest,
  TRefundOnlinePaymentResponse,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const MANAGE = 'Manage' as const;
/** Flights' counts and lists: every arrival scan reloads them (the arrival progress, ADR 074). */
const FLIGHTS = 'Flights' as const;
/** An import's rows: a new column mapping re-reads them. */
const IMPORT_ROWS = 'ImportRows' as const;

/** Every staff call of /manage; lists are never kept unused (parcels move all the time). */
export const manageApi = baseApi.enhanceEndpoints({ addTagTypes: [FLIGHTS, IMPORT_ROWS] }).injectEndpoints({
  endpoints: (build) => ({
    manageContext: build.query<TManageContext, void>({
      query: () => 'manage/context',
      transformResponse: (r: TManageContextResponse) => r.data,
    }),
    uploadPhotos: build.mutation<string[], File[]>({
      query: (files) => {
        const form = new FormData();
        for (const f of files) form.append('photos', f, f.name);
        return { url: 'manage/photos', method: 'POST', body: form };
      },
      transformResponse: (r: TUploadPhotosResponse) => r.data.photos,
    }),
    /** Photos of one kind added to a parcel (ADR 081); answers all its photos, and the parcel's view reloads. */
    addParcelPhotos: build.mutation<TParcelPhoto[], { id: number; kind: TParcelPhotoKind; files: File[] }>({
      query: ({ id, kind, files }) => {
        const form = new FormData();
        for (const f of files) form.append('photos', f, f.name);
        return { url: `manage/parcels/${id}/photos`, method: 'POST', params: { kind }, body: form };
      },
      transformResponse: (r: TParcelPhotosResponse) => r.data.photos,
      invalidatesTags: [MANAGE],
    }),
    receiveParcel: build.mutation<TReceiveParcelResult, TReceiveParcelRequest>({
      query: (body) => ({ url: 'manage/receive', method: 'POST', body }),
      transformResponse: (r: TReceiveParcelResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    previewImport: build.mutation<TImportSummary, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: 'manage/imports', method: 'POST', body: form, timeout: 120_000 };
      },
      transformResponse: (r: TImportPreviewResponse) => r.data,
    }),
    importDetail: build.query<TImportDetailResponse, { id: number; page: number; outcome?: TImportOutcome }>({
      query: ({ id, page, outcome }) => ({
        url: `manage/imports/${id}`,
        params: { 'filters[page]': page, 'filters[per_page]': 20, ...(outcome ? { outcome } : {}) },
      }),
      keepUnusedDataFor: NO_CACHE,
      providesTags: [IMPORT_ROWS],
    }),
    remapImport: build.mutation<TImportSummary, { id: number; body: TImportMappingRequest }>({
      query: ({ id, body }) => ({ url: `manage/imports/${id}/mapping`, method: 'POST', body }),
      transformResponse: (r: TImportPreviewResponse) => r.data,
      invalidatesTags: [IMPORT_ROWS],
    }),
    undoImport: build.mutation<TImportSummary, number>({
      query: (id) => ({ url: `manage/imports/${id}/undo`, method: 'POST' }),
      transformResponse: (r: TImportUndoResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    /** The rejected rows' file as an object URL (the caller revokes it after the download starts). */
    importRejected: build.mutation<string, { id: number; format: 'xlsx' | 'csv' }>({
      query: ({ id, format }) => ({
        url: `manage/imports/${id}/rejected`,
        params: { format },
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
    commitImport: build.mutation<TImportSummary, number>({
      query: (id) => ({ url: `manage/imports/${id}/commit`, method: 'POST', timeout: 120_000 }),
      transformResponse: (r: TImportCommitResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    unclaimed: build.query<TUnclaimedResponse, { q: string; page: number }>({
      query: ({ q, page }) => ({
        url: 'manage/unclaimed',
        params: { 'filters[page]': page, 'filters[per_page]': 10, ...(q ? { q } : {}) },
      }),
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    assignUnclaimed: build.mutation<TManageParcel, { id: number; customer: string }>({
      query: ({ id, customer }) => ({ url: `manage/unclaimed/${id}/assign`, method: 'POST', body: { customer } }),
      transformResponse: (r: TAssignUnclaimedResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    disputes: build.query<TDisputesResponse, { q: string; page: number }>({
      query: ({ q, page }) => ({
        url: 'manage/disputes',
        params: { 'filters[page]': page, 'filters[per_page]': 10, ...(q ? { q } : {}) },
      }),
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    assignDispute: build.mutation<TManageParcel, { id: number; user_id: number; note: string }>({
      query: ({ id, user_id, note }) => ({ url: `manage/disputes/${id}/assign`, method: 'POST', body: { user_id, note } }),
      transformResponse: (r: TAssignDisputeResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    releaseDispute: build.mutation<TManageParcel, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `manage/disputes/${id}/release`, method: 'POST', body: { note } }),
      transformResponse: (r: TReleaseDisputeResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    dispatchList: build.query<TDispatchListResponse, TDispatchListQuery>({
      query: (params) => ({ url: 'manage/dispatch', params }),
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    dispatchParcels: build.mutation<TDispatchResult, TDispatchRequest>({
      query: (body) => ({ url: 'manage/dispatch', method: 'POST', body }),
      transformResponse: (r: TDispatchResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    flights: build.query<TFlight[], void>({
      query: () => 'manage/flights',
      transformResponse: (r: TFlightListResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE, FLIGHTS],
    }),
    createFlight: build.mutation<TFlight, TCreateFlightRequest>({
      query: (body) => ({ url: 'manage/flights', method: 'POST', body }),
      transformResponse: (r: TFlightResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    flightDetails: build.query<TFlightDetails, { id: number; branch_id?: number }>({
      query: ({ id, branch_id }) => ({ url: `manage/flights/${id}`, params: branch_id ? { branch_id } : {} }),
      transformResponse: (r: TFlightDetailsResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE, FLIGHTS],
    }),
    /** What "the whole flight arrived" would close at the branch: arrived, missing, unexpected. */
    flightArrival: build.query<TFlightArrivalCheck, { id: number; branch_id?: number }>({
      query: ({ id, branch_id }) => ({ url: `manage/flights/${id}/arrival`, params: branch_id ? { branch_id } : {} }),
      transformResponse: (r: TFlightArrivalCheckResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE, FLIGHTS],
    }),
    closeFlightArrival: build.mutation<TFlightArrivalCheck, { id: number } & TFlightArrivalCloseRequest>({
      query: ({ id, ...body }) => ({ url: `manage/flights/${id}/arrival/close`, method: 'POST', body }),
      transformResponse: (r: TFlightArrivalCheckResponse) => r.data,
      invalidatesTags: [FLIGHTS],
    }),
    delayFlight: build.mutation<TDelayFlightResult, { id: number } & TDelayFlightRequest>({
      query: ({ id, ...body }) => ({ url: `manage/flights/${id}/delay`, method: 'POST', body }),
      transformResponse: (r: TDelayFlightResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    arriveParcels: build.mutation<TArriveResult, TArriveRequest>({
      query: (body) => ({ url: 'manage/arrive', method: 'POST', body }),
      transformResponse: (r: TArriveResponse) => r.data,
      // The flights' counters and lists reload after each scan (only those: a scan must stay quick).
      invalidatesTags: [FLIGHTS],
    }),
    handoverLookup: build.mutation<THandoverLookup, THandoverLookupRequest>({
      query: (body) => ({ url: 'manage/handover/lookup', method: 'POST', body }),
      transformResponse: (r: THandoverLookupResponse) => r.data,
    }),
    completeOrders: build.mutation<TReceipt, TCompleteOrdersRequest>({
      query: (body) => ({ url: 'orders/complete', method: 'POST', body }),
      transformResponse: (r: TCompleteOrdersResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    payDebt: build.mutation<TPayDebtResult, TPayDebtRequest>({
      query: (body) => ({ url: 'manage/payments', method: 'POST', body }),
      transformResponse: (r: TPayDebtResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    dayClose: build.query<TDayCloseView, { branch_id?: number; date?: string }>({
      query: (params) => ({ url: 'manage/day-close', params }),
      transformResponse: (r: TDayCloseViewResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    closeDay: build.mutation<TDayClose, TCloseDayRequest>({
      query: (body) => ({ url: 'manage/day-close', method: 'POST', body }),
      transformResponse: (r: TDayCloseResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    /** The day's journal of a branch (the online payments are refunded from it, ADR 077). */
    dayPayments: build.query<TPayment[], { branch_id?: number; date?: string }>({
      query: (params) => ({ url: 'manage/payments', params }),
      transformResponse: (r: TListPaymentsResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    refundOnlinePayment: build.mutation<TPayment, { id: number } & TRefundOnlinePaymentRequest>({
      query: ({ id, ...body }) => ({ url: `manage/payments/${id}/refund`, method: 'POST', body }),
      transformResponse: (r: TRefundOnlinePaymentResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
    paymentDifferences: build.query<TPaymentDifference[], { branch_id?: number; state?: 'open' | 'resolved' }>({
      query: (params) => ({ url: 'manage/payment-differences', params }),
      transformResponse: (r: TPaymentDifferencesResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    resolvePaymentDifference: build.mutation<unknown, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `manage/payment-differences/${id}/resolve`, method: 'POST', body: { note } }),
      invalidatesTags: [MANAGE],
    }),
    reconcilePayments: build.mutation<{ found: number }, { branch_id?: number }>({
      query: (body) => ({ url: 'manage/payment-differences/check', method: 'POST', body }),
      transformResponse: (r: { data: { found: number } }) => r.data,
      invalidatesTags: [MANAGE],
    }),
    dayCloses: build.query<TDayClose[], { branch_id?: number }>({
      query: (params) => ({ url: 'manage/day-closes', params }),
      transformResponse: (r: TListDayClosesResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    dashboard: build.query<TDashboard, TReportQuery>({
      query: (params) => ({ url: 'manage/reports', params }),
      transformResponse: (r: TDashboardResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    worklist: build.query<TWorklistRow[], { kind: TWorklistKind; branch_id?: number; days?: number }>({
      query: ({ kind, ...params }) => ({ url: `manage/worklists/${kind}`, params }),
      transformResponse: (r: TWorklistResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    /** The file as an object URL (the caller revokes it after the download starts). */
    exportTable: build.mutation<string, TExportQuery>({
      query: (params) => ({
        url: 'manage/reports/export',
        params,
        timeout: 120_000,
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
    /** The one search box: customers and parcels grouped by kind, the best match first. */
    staffSearch: build.query<TStaffSearchResponse['data'], string>({
      query: (q) => ({ url: 'manage/search', params: { q } }),
      transformResponse: (r: TStaffSearchResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
    }),
    /** The dispatch list's file (same filters) as an object URL (the caller revokes it after the download starts). */
    exportDispatch: build.mutation<string, TDispatchExportQuery>({
      query: (params) => ({
        url: 'manage/dispatch/export',
        params,
        timeout: 120_000,
        responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
      }),
    }),
    customerDetail: build.query<TCustomerDetailResponse['data'], number>({
      query: (id) => `manage/customers/${id}`,
      transformResponse: (r: TCustomerDetailResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    parcelDetail: build.query<TParcelDetail, string>({
      query: (code) => ({ url: 'manage/parcel', params: { code } }),
      transformResponse: (r: TParcelDetailResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [MANAGE],
    }),
    /** An admin's correction (admin area); the parcel's view and every list reload after it. */
    correctParcel: build.mutation<TParcelCorrectionResult, { id: number; body: TParcelCorrectionRequest }>({
      query: ({ id, body }) => ({ url: `manage/parcels/${id}/corrections`, method: 'POST', body }),
      transformResponse: (r: TParcelCorrectionResponse) => r.data,
      invalidatesTags: [MANAGE],
    }),
  }),
});

export const {
  useDayPaymentsQuery,
  useRefundOnlinePaymentMutation,
  usePaymentDifferencesQuery,
  useResolvePaymentDifferenceMutation,
  useReconcilePaymentsMutation,
  useDashboardQuery,
  useWorklistQuery,
  useExportTableMutation,
  useStaffSearchQuery,
  useExportDispatchMutation,
  usePayDebtMutation,
  useDayCloseQuery,
  useCloseDayMutation,
  useDayClosesQuery,
  useManageContextQuery,
  useUploadPhotosMutation,
  useAddParcelPhotosMutation,
  useReceiveParcelMutation,
  usePreviewImportMutation,
  useImportDetailQuery,
  useCommitImportMutation,
  useRemapImportMutation,
  useUndoImportMutation,
  useImportRejectedMutation,
  useUnclaimedQuery,
  useAssignUnclaimedMutation,
  useDisputesQuery,
  useAssignDisputeMutation,
  useReleaseDisputeMutation,
  useDispatchListQuery,
  useDispatchParcelsMutation,
  useFlightsQuery,
  useCreateFlightMutation,
  useFlightDetailsQuery,
  useFlightArrivalQuery,
  useCloseFlightArrivalMutation,
  useDelayFlightMutation,
  useArriveParcelsMutation,
  useHandoverLookupMutation,
  useCompleteOrdersMutation,
  useCustomerDetailQuery,
  useParcelDetailQuery,
  useCorrectParcelMutation,
} = manageApi;
