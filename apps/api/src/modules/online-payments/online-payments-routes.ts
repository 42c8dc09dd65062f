import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreatePaymentRequest,
  ZCreateStorageExtension,
  ZErrorBody,
  ZPaymentRequestIdParams,
  ZPaymentRequestResponse,
  ZStorageExtensionOfferResponse,
  ZStorageExtensionParams,
  ZStorageExtensionResponse,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { onlinePaymentsService as service } from './online-payments-service';
import { storageExtensions } from './storage-extensions';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/**
 * The customer pays online what waits at a branch (ADR 077): a payment request, followed until paid, or cancelled.
 * Every call reads or changes only the caller's requests; anyone else's id answers 404.
 */
export async function onlinePaymentsRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.post(
    '/payments/requests',
    {
      schema: {
        tags,
        security,
        summary:
          'Pay online what the counter would charge now at a branch (waiting parcels, their storage, open debt in its currency, less credit): frozen, one open per branch',
        body: ZCreatePaymentRequest,
        response: { 201: ZPaymentRequestResponse, ...errors, 409: ZErrorBody, 502: ZErrorBody },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(app, authOf(request).user, request.body, requestLang(request), opts.publicUrl) }),
  );

  r.get(
    '/payments/requests/:id',
    {
      schema: {
        tags,
        security,
        summary: "The caller's payment request and its status (asks the provider first when it sends no callbacks)",
        params: ZPaymentRequestIdParams,
        response: { 200: ZPaymentRequestResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await service.get(app, authOf(request).user.id, request.params.id, requestLang(request)) }),
  );

  r.post(
    '/payments/requests/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: "Cancels the caller's open payment request (a paid or closed one is answered as it is)",
        params: ZPaymentRequestIdParams,
        response: { 200: ZPaymentRequestResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await service.cancel(app, authOf(request).user.id, request.params.id, requestLang(request)) }),
  );

  r.get(
    '/payments/storage-extensions/:parcel_id',
    {
      schema: {
        tags,
        security,
        summary: "Keeping the caller's waiting parcel longer (ADR 093): its terms, the latest day allowed, the branch's providers",
        params: ZStorageExtensionParams,
        response: { 200: ZStorageExtensionOfferResponse, ...errors, 409: ZErrorBody },
      },
      preHandler,
    },
    async (request) => ({ data: await storageExtensions.offer(app, authOf(request).user.id, request.params.parcel_id) }),
  );

  r.post(
    '/payments/storage-extensions',
    {
      schema: {
        tags,
        security,
        summary:
          'Keep a waiting parcel until a later day: a payment request of the storage fee of the days up to it (settled: the day moves, exactly once), or at once when storage is free',
        body: ZCreateStorageExtension,
        response: { 201: ZStorageExtensionResponse, ...errors, 409: ZErrorBody, 502: ZErrorBody },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await storageExtensions.create(app, authOf(request).user, request.body, requestLang(request), opts.publicUrl) }),
  );
}
