import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBookPickupRequest, ZErrorBody, ZIdParam, ZPickupBookingResponse, ZPickupPlacesResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { pickupSlotsService } from './pickup-slots-service';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** The customer's pickup slots (ADR 092): where something waits, the bookable slots, booking and cancelling. */
export async function pickupSlotsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pickup-slots'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/pickup-slots',
    {
      schema: {
        tags,
        security,
        summary: 'Per branch where parcels wait for the caller: the bookable slots of the next days (places left) and their booking',
        response: { 200: ZPickupPlacesResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await pickupSlotsService.places(app.db, authOf(request).user.id, requestLang(request)) }),
  );

  r.post(
    '/pickup-bookings',
    {
      schema: {
        tags,
        security,
        summary:
          'Book a slot at a branch where parcels wait (moves an existing booking there); 409 pickup_slot_full when it has no room, ' +
          'pickup_already_booked when another booking of the caller won at the same moment',
        body: ZBookPickupRequest,
        response: { 200: ZPickupBookingResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { branch_id, slot_start } = request.body;
      return { data: await pickupSlotsService.book(app.db, authOf(request).user.id, branch_id, slot_start, requestLang(request)) };
    },
  );

  r.post(
    '/pickup-bookings/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel the caller’s booking (its place is free again); 409 when it already ended',
        params: ZIdParam,
        response: { 200: ZPickupBookingResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({
      data: await pickupSlotsService.cancel(app.db, authOf(request).user.id, request.params.id, requestLang(request)),
    }),
  );
}
