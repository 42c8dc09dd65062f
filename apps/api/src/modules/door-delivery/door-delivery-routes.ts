import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDoorDeliveryOfOrderQuery,
  ZDoorDeliveryOrNullResponse,
  ZDoorDeliveryParams,
  ZDoorDeliveryResponse,
  ZDoorQuoteRequest,
  ZDoorQuoteResponse,
  ZErrorBody,
  ZRequestDoorDelivery,
} from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import { doorDeliveryService } from './door-delivery-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['door-delivery'];

/** The customer's door deliveries (ADR 094): only of their own parcels; anyone else's answers 404. */
export async function doorDeliveryRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.authenticate;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  r.post(
    '/door-deliveries/quote',
    {
      schema: {
        tags,
        security,
        summary:
          "The zone of a postcode at the parcel's branch and the delivery's price (zone base + per kg × chargeable weight); nothing written",
        body: ZDoorQuoteRequest,
        response: { 200: ZDoorQuoteResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await doorDeliveryService.quote(app.db, me(request), request.body.order_id, request.body.postcode) }),
  );

  r.post(
    '/door-deliveries',
    {
      schema: {
        tags,
        security,
        summary:
          'Ask for a waiting parcel to be brought to the door (the fee shown must still hold: 409 door_fee_changed; one open per parcel)',
        body: ZRequestDoorDelivery,
        response: { 201: ZDoorDeliveryResponse, ...errors },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send({ data: await doorDeliveryService.request(app.db, me(request), request.body) }),
  );

  r.get(
    '/door-deliveries',
    {
      schema: {
        tags,
        security,
        summary: "A parcel's latest door delivery (null when none was asked)",
        querystring: ZDoorDeliveryOfOrderQuery,
        response: { 200: ZDoorDeliveryOrNullResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await doorDeliveryService.ofOrder(app.db, me(request), request.query.order_id) }),
  );

  r.post(
    '/door-deliveries/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel before the courier sets out (409 door_state after)',
        params: ZDoorDeliveryParams,
        response: { 200: ZDoorDeliveryResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await doorDeliveryService.cancel(app.db, me(request), request.params.id) }),
  );
}
