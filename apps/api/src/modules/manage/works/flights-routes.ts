import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZFlightArrivalCheckResponse,
  ZFlightDetailsQuery,
  ZFlightDetailsResponse,
  ZFlightListResponse,
  ZFlightParams,
} from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { flightArrivalService } from '../flight-arrival-service';
import { flightService } from '../flight-service';
import { flightGuard, flightScopeOf } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/**
 * 4b. The flight board, read by dispatch and arrival: branch staff see their own branch's share of each flight; the
 * China warehouse and admins every flight (or a named branch's share).
 */
export async function flightsRoutes(app: FastifyInstance) {
  app.addHook('preHandler', flightGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/flights',
    {
      schema: {
        tags,
        summary: 'The latest flights, newest first (branch staff: those going to their branch)',
        security,
        querystring: ZFlightDetailsQuery,
        response: { 200: ZFlightListResponse, ...errors },
      },
    },
    async (request) => ({ data: await flightService.list(app.db, flightScopeOf(request), workContext(request).lang) }),
  );

  r.get(
    '/manage/flights/:id',
    {
      schema: {
        tags,
        summary: 'A flight and its parcels for the branch: which have arrived and which are missing',
        security,
        params: ZFlightParams,
        querystring: ZFlightDetailsQuery,
        response: { 200: ZFlightDetailsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await flightService.details(app.db, request.params.id, flightScopeOf(request), workContext(request).lang),
    }),
  );

  r.get(
    '/manage/flights/:id/arrival',
    {
      schema: {
        tags,
        summary: "What closing the flight's arrival at a branch would say: arrived, missing and unexpected parcels",
        security,
        params: ZFlightParams,
        querystring: ZFlightDetailsQuery,
        response: { 200: ZFlightArrivalCheckResponse, ...errors },
      },
    },
    async (request) => {
      const branch = flightScopeOf(request);
      if (!branch) throw new AppError('branch_required', { fields: { branch_id: ['validation.required'] } });
      return { data: await flightArrivalService.check(app.db, request.params.id, branch, workContext(request).lang) };
    },
  );
}
