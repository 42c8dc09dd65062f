import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParam, ZLabelPrintersResponse, ZLabelPrintRequest, ZLabelPrintResponse, ZLabelQuery } from '@portal/contract';
import { staffGuard } from '../manage/manage-access';
import { errors, security, tags, workContext } from '../manage/works/route-kit';
import { labelsService } from './labels-service';

/**
 * Labels (issue 35, ADR 080): a parcel's label as PDF or ZPL, printed to a label printer of the place, and the place's
 * printers. Any staff reach the scope; which parcels each sees is the service's rule (the China warehouse every
 * parcel, a branch the parcels addressed to it; another's id → 404).
 */
export async function labelsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/parcels/:id/label',
    {
      schema: {
        tags,
        summary:
          "A parcel's label (our number as Code 128 and QR, client code, destination, weight, flight and date, box k of n): " +
          'an exact-size PDF or ZPL (203 dpi), one label per box or box n; a download after the first issue is an audited reprint',
        security,
        params: ZIdParam,
        querystring: ZLabelQuery,
        produces: ['application/pdf', 'text/plain'],
        response: { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { user, lang, actor } = workContext(request);
      const file = await labelsService.file(app.db, { user, audit: actor.audit }, request.params.id, request.query, lang);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${request.query.format === 'pdf' ? 'inline' : 'attachment'}; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(file.body as never);
    },
  );

  r.post(
    '/manage/parcels/:id/label/print',
    {
      schema: {
        tags,
        summary:
          "Print a parcel's label (ZPL over raw TCP) on a printer of the staff member's place, its default when none is named; " +
          '502 when the printer does not take it, 422 when the place has none (nothing audited then); every print audited',
        security,
        params: ZIdParam,
        body: ZLabelPrintRequest,
        response: { 200: ZLabelPrintResponse, ...errors, 502: ZErrorBody },
      },
    },
    async (request) => {
      const { user, lang, actor } = workContext(request);
      return { data: await labelsService.print(app.db, { user, audit: actor.audit }, request.params.id, request.body, lang) };
    },
  );

  r.get(
    '/manage/printers',
    {
      schema: {
        tags,
        summary: "The label printers of the staff member's place (admins: the China warehouse's)",
        security,
        response: { 200: ZLabelPrintersResponse, ...errors },
      },
    },
    async (request) => {
      const list = await labelsService.printers(app.db, workContext(request).user);
      return { data: list.map((p) => ({ id: p.id, name: p.name, default_size: p.defaultSize, is_default: p.isDefault })) };
    },
  );
}
