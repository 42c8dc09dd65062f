import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBagItemParams,
  ZBagLabelQuery,
  ZBagListQuery,
  ZBagListResponse,
  ZBagParams,
  ZBagResponse,
  ZBagScanRequest,
  ZBagScanResponse,
  ZDispatchBagRequest,
  ZFlightParams,
  ZManifestQuery,
  ZOpenBagRequest,
  ZWeighBagRequest,
} from '@portal/contract';
import { warehouseGuard } from '../manage/manage-access';
import { errors, security, workContext } from '../manage/works/route-kit';
import { bagLabel, manifestOf, manifestPdf, manifestXlsx } from './bag-documents';
import { bagsService } from './bags-service';

const tags = ['manage'];
const FILES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/plain'];

/**
 * 4c. Bags at the China warehouse (issue 35, ADR 082): open one for a branch, scan parcels in, weigh, seal within the
 * tolerance, label, put on a flight; the flight's manifest. The China warehouse's staff, admins.
 */
export async function bagsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', warehouseGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idSchema = (summary: string) => ({ tags, summary, security, params: ZBagParams, response: { 200: ZBagResponse, ...errors } });

  r.get(
    '/manage/bags',
    {
      schema: {
        tags,
        summary: 'The newest bags (at most 200), by status, branch or flight',
        security,
        querystring: ZBagListQuery,
        response: { 200: ZBagListResponse, ...errors },
      },
    },
    async (request) => ({ data: await bagsService.list(app.db, request.query, workContext(request).lang) }),
  );

  r.post(
    '/manage/bags',
    {
      schema: {
        tags,
        summary: 'Open a new bag for a destination branch',
        security,
        body: ZOpenBagRequest,
        response: { 200: ZBagResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.open(app.db, request.body.branch_id, actor, lang) };
    },
  );

  r.get('/manage/bags/:id', { schema: idSchema('A bag with its parcels and its weighing check') }, async (request) => ({
    data: await bagsService.details(app.db, request.params.id, workContext(request).lang),
  }));

  r.post(
    '/manage/bags/:id/items',
    {
      schema: {
        tags,
        summary: "Scan parcels into an open bag (tracking code or P number): each code's outcome in the clerk's language",
        security,
        params: ZBagParams,
        body: ZBagScanRequest,
        response: { 200: ZBagScanResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.scanIn(app.db, request.params.id, request.body.codes, actor, lang) };
    },
  );

  r.delete(
    '/manage/bags/:id/items/:order_id',
    {
      schema: {
        tags,
        summary: 'Take a parcel out of an open bag',
        security,
        params: ZBagItemParams,
        response: { 200: ZBagResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.remove(app.db, request.params.id, request.params.order_id, actor, lang) };
    },
  );

  r.post(
    '/manage/bags/:id/weigh',
    { schema: { ...idSchema('Record what the scale shows for the open bag (grams)'), body: ZWeighBagRequest } },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.weigh(app.db, request.params.id, request.body.weight_grams, actor, lang) };
    },
  );

  r.post(
    '/manage/bags/:id/seal',
    { schema: idSchema('Seal the bag: only when its weight is within the tolerance of parcels + tare') },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.seal(app.db, request.params.id, actor, lang) };
    },
  );

  r.post(
    '/manage/bags/:id/reopen',
    { schema: idSchema('Open a sealed bag again (it must be weighed and sealed again)') },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.reopen(app.db, request.params.id, actor, lang) };
    },
  );

  r.post(
    '/manage/bags/:id/dispatch',
    {
      schema: {
        ...idSchema('Put the sealed bag on a flight: all its parcels are dispatched on it in one step'),
        body: ZDispatchBagRequest,
      },
    },
    async (request) => {
      const { lang, actor } = workContext(request);
      return { data: await bagsService.dispatch(app.db, request.params.id, request.body.flight_id, actor, lang) };
    },
  );

  r.get(
    '/manage/bags/:id/label',
    {
      schema: {
        tags,
        summary: "The bag's label (PDF or ZPL, 58×40 or 100×150 mm): its number, branch, parcels, weight and flight",
        security,
        params: ZBagParams,
        querystring: ZBagLabelQuery,
        produces: FILES,
        response: errors,
      },
    },
    async (request, reply) => {
      const { format, size } = request.query;
      const label = await bagLabel(app.db, request.params.id, format, size, workContext(request).lang);
      reply.header('content-type', label.type).header('cache-control', 'no-store');
      if (format === 'pdf') reply.header('content-disposition', `inline; filename="bag-${request.params.id}.pdf"`);
      return reply.send(label.body as never);
    },
  );

  r.get(
    '/manage/flights/:id/manifest',
    {
      schema: {
        tags,
        summary: "The flight's manifest: its bags and their parcels (number, weight, tare, parcel numbers, codes, clients), PDF or xlsx",
        security,
        params: ZFlightParams,
        querystring: ZManifestQuery,
        produces: FILES,
        response: errors,
      },
    },
    async (request, reply) => {
      const { format, lang = workContext(request).lang } = request.query;
      const manifest = await manifestOf(app.db, request.params.id, lang);
      const body = format === 'xlsx' ? await manifestXlsx(manifest, lang) : await manifestPdf(manifest, lang);
      reply
        .header('content-type', format === 'xlsx' ? FILES[1]! : FILES[0]!)
        .header('content-disposition', `attachment; filename="manifest-${request.params.id}.${format}"`)
        .header('cache-control', 'no-store');
      return reply.send(body as never);
    },
  );
}
