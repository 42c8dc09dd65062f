import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody, ZReceiptParams, ZReceiptPdfQuery, ZReceiptResponse, type TLang } from '@portal/contract';
import { notFound } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { branchesRepository } from '../branches/branches-repository';
import { receiptPdf, receiptPdfName } from './receipt-pdf';
import { receiptsRepository } from './receipts-repository';

export async function receiptsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The receipt the caller may read (a customer their own; staff and admins any), or 404. */
  const readable = async (request: FastifyRequest, id: number, lang: TLang) => {
    const { user } = authOf(request);
    const found = await receiptsRepository.view(app.db, id, lang);
    if (!found || (user.role === 'customer' && found.userId !== user.id)) throw notFound();
    const { userId: _owner, ...receipt } = found;
    return receipt;
  };

  r.get(
    '/receipts/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'A hand-over receipt: customers see their own, staff and admins any',
        security: [{ bearer: [] }],
        params: ZReceiptParams,
        response: { 200: ZReceiptResponse, 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await readable(request, request.params.id, requestLang(request)) }),
  );

  r.get(
    '/receipts/:id.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: "The receipt as a PDF in the caller's language (Accept-Language or ?lang): the same readers as receipts/{id}",
        security: [{ bearer: [] }],
        params: ZReceiptParams,
        querystring: ZReceiptPdfQuery,
        produces: ['application/pdf'],
        response: { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const lang = request.query.lang ?? requestLang(request);
      const receipt = await readable(request, request.params.id, lang);
      const branch = await branchesRepository.findById(app.db, receipt.branch.id);
      const body = await receiptPdf(receipt, lang, branch?.timeZone);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receiptPdfName(receipt.id, lang)}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(body as never);
    },
  );
}
