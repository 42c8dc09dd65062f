import type {
  TDecideDifferenceRequest,
  TMissingParcel,
  TPlaceParcel,
  TPlaceParcelRequest,
  TStockTake,
  TStockTakeDifference,
  TStockTakeResponse,
  TStockTakes,
  TStockTakeScan,
  TStockTakeScanRequest,
  TSuggestShelf,
  TUnshelvedResponse,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

/** Shelves, counts and missing parcels change with every scan: one tag, refetched after each write. */
const SHELVES = 'Shelves' as const;
/** manage-api's arrival scans invalidate the flights: parcels just arrived are new ones to shelve. */
const FLIGHTS = 'Flights' as const;
type Branch = { branch_id?: number };

/** The shelves module's staff calls (ADR 083): shelving and moves, the blind count, the Missing worklist. */
export const shelvesApi = baseApi.enhanceEndpoints({ addTagTypes: [SHELVES, FLIGHTS] }).injectEndpoints({
  endpoints: (build) => ({
    unshelved: build.query<TUnshelvedResponse['data'], Branch>({
      query: (params) => ({ url: 'manage/shelves/unshelved', params }),
      transformResponse: (r: TUnshelvedResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [SHELVES, FLIGHTS],
    }),
    suggestShelf: build.mutation<TSuggestShelf, { parcel: string } & Branch>({
      query: (body) => ({ url: 'manage/shelves/suggest', method: 'POST', body }),
      transformResponse: (r: { data: TSuggestShelf }) => r.data,
    }),
    placeParcel: build.mutation<TPlaceParcel, TPlaceParcelRequest>({
      query: (body) => ({ url: 'manage/shelves/place', method: 'POST', body }),
      transformResponse: (r: { data: TPlaceParcel }) => r.data,
      invalidatesTags: [SHELVES],
    }),
    stockTakes: build.query<TStockTakes, Branch>({
      query: (params) => ({ url: 'manage/stock-takes', params }),
      transformResponse: (r: { data: TStockTakes }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [SHELVES],
    }),
    stockTake: build.query<TStockTake, { id: number } & Branch>({
      query: ({ id, ...params }) => ({ url: `manage/stock-takes/${id}`, params }),
      transformResponse: (r: TStockTakeResponse) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [SHELVES],
    }),
    startStockTake: build.mutation<TStockTake, { zone: string } & Branch>({
      query: (body) => ({ url: 'manage/stock-takes', method: 'POST', body }),
      transformResponse: (r: TStockTakeResponse) => r.data,
      invalidatesTags: [SHELVES],
    }),
    stockTakeScan: build.mutation<TStockTakeScan, { id: number; body: TStockTakeScanRequest }>({
      query: ({ id, body }) => ({ url: `manage/stock-takes/${id}/scans`, method: 'POST', body }),
      transformResponse: (r: { data: TStockTakeScan }) => r.data,
    }),
    finishStockTake: build.mutation<TStockTake, { id: number } & Branch>({
      query: ({ id, ...body }) => ({ url: `manage/stock-takes/${id}/finish`, method: 'POST', body }),
      transformResponse: (r: TStockTakeResponse) => r.data,
      invalidatesTags: [SHELVES],
    }),
    decideDifference: build.mutation<TStockTakeDifference, { id: number; differenceId: number; body: TDecideDifferenceRequest }>({
      query: ({ id, differenceId, body }) => ({ url: `manage/stock-takes/${id}/differences/${differenceId}`, method: 'POST', body }),
      transformResponse: (r: { data: TStockTakeDifference }) => r.data,
      invalidatesTags: [SHELVES],
    }),
    missingParcels: build.query<TMissingParcel[], Branch>({
      query: (params) => ({ url: 'manage/missing', params }),
      transformResponse: (r: { data: TMissingParcel[] }) => r.data,
      keepUnusedDataFor: NO_CACHE,
      providesTags: [SHELVES],
    }),
  }),
});

export const {
  useUnshelvedQuery,
  useSuggestShelfMutation,
  usePlaceParcelMutation,
  useStockTakesQuery,
  useStockTakeQuery,
  useStartStockTakeMutation,
  useStockTakeScanMutation,
  useFinishStockTakeMutation,
  useDecideDifferenceMutation,
  useMissingParcelsQuery,
} = shelvesApi;
