import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageMeta,
  ZCreateFlightRequest,
  ZDelayFlightRequest,
  ZDelayFlightResponse,
  ZDispatchExportQuery,
  ZDispatchListQuery,
  ZDispatchListResponse,
  ZDispatchRequest,
  ZDispatchResponse,
  ZFlightParams,
  ZFlightResponse,
} from '@portal/contract';
import { EXPORT_PRODUCES, exportGuard, exportMoment, exportRows, sendListExport } from '../../reports/list-export';
import { dispatchService } from '../dispatch-service';
import { flightService } from '../flight-service';
import { warehouseGuard } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/**
 * 4. Dispatch from China, and the flights it puts parcels on (a new flight; a delay tells its customers once).
 * The China warehouse's staff, admins. Branches read the flights through flights-routes.ts.
 */
export async function dispatchRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/dispatch',
    {
      schema: {
        tags,
        summary: 'Parcels at the China warehouse ready to dispatch (owned), oldest first',
        security,
        querystring: ZDispatchListQuery,
        response: { 200: ZDispatchListResponse, ...errors },
      },
    },
    async (request) => {
      const { lang } = workContext(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await dispatchService.list(app.db, { q: q.q, branch_id: q.branch_id }, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.get(
    '/manage/dispatch/export',
    {
      schema: {
        tags,
        summary: 'The dispatch list as .xlsx or .csv: the rows the screen shows for the same filters (at most 10 000)',
        security,
        querystring: ZDispatchExportQuery,
        produces: EXPORT_PRODUCES,
        response: errors,
      },
      preHandler: exportGuard(app),
    },
    async (request, reply) => {
      const { format, lang = workContext(request).lang, ...filter } = request.query;
      const { rows, total } = await exportRows((page, perPage) => dispatchService.list(app.db, filter, page, perPage, lang));
      const table = {
        columns: [
          { key: 'track_code' },
          { key: 'client_code' },
          { key: 'name' },
          { key: 'phone_number' },
          { key: 'branch' },
          { key: 'weight' },
          { key: 'chargeable_weight' },
          { key: 'received_at' },
        ],
        rows: rows.map((p) => ({
          track_code: p.track_code,
          client_code: p.customer?.client_code ?? p.label_client_code,
          name: p.customer ? `${p.customer.first_name} ${p.customer.last_name}`.trim() : null,
          phone_number: p.customer?.phone_number ?? null,
          branch: p.branch?.name ?? null,
          weight: p.weight,
          chargeable_weight: p.weights.chargeable_weight,
          received_at: exportMoment(p.received_at),
        })),
      };
      return sendListExport(reply, table, { format, lang, name: 'dispatch', total });
    },
  );

  r.post(
    '/manage/dispatch',
    {
      schema: {
        tags,
        summary: 'Move selected, scanned or all matching parcels to in_transit in one step',
        security,
        body: ZDispatchRequest,
        response: { 200: ZDispatchResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const b = request.body;
      return {
        data: await dispatchService.dispatch(
          app.db,
          { orderIds: b.order_ids, trackCodes: b.track_codes, allMatching: b.all_matching, flightId: b.flight_id },
          actor,
          lang,
        ),
      };
    },
  );

  r.post(
    '/manage/flights',
    {
      schema: {
        tags,
        summary: 'A new flight (truck, rail or air) with its expected arrival per destination branch',
        security,
        body: ZCreateFlightRequest,
        response: { 200: ZFlightResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const b = request.body;
      return {
        data: await flightService.create(
          app.db,
          {
            mode: b.mode,
            carrierRef: b.carrier_ref,
            departureDate: b.departure_date,
            arrivals: b.arrivals.map((a) => ({ branchId: a.branch_id, expectedArrival: a.expected_arrival })),
          },
          actor,
          lang,
        ),
      };
    },
  );

  r.post(
    '/manage/flights/:id/delay',
    {
      schema: {
        tags,
        summary: "Change a flight's expected arrival with a reason: each customer with a parcel on it is told once",
        security,
        params: ZFlightParams,
        body: ZDelayFlightRequest,
        response: { 200: ZDelayFlightResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      const b = request.body;
      return {
        data: await flightService.delay(
          app.db,
          request.params.id,
          b.arrivals.map((a) => ({ branchId: a.branch_id, expectedArrival: a.expected_arrival })),
          b.reason,
          actor,
          lang,
        ),
      };
    },
  );
}
