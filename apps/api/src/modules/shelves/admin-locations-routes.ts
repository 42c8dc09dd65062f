import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBranchLocationsParams,
  ZCreateLocationsRequest,
  ZCreateLocationsResponse,
  ZErrorBody,
  ZLocationParams,
  ZLocationResponse,
  ZLocationsResponse,
  ZUpdateLocationRequest,
} from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { shelvesService } from './shelves-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const common = { tags: ['admin'], security: [{ bearer: [] }] };

/** admin/branches/{id}/locations (inside the admin area, behind its guard): a branch's shelves (ADR 083). */
export async function adminLocationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof auditActorOf>[0]) => ({ userId: authOf(request).user.id, audit: auditActorOf(request) });

  r.get(
    '/branches/:id/locations',
    {
      schema: {
        ...common,
        summary: "A branch's shelves in walking order, with the parcels on each",
        params: ZBranchLocationsParams,
        response: { 200: ZLocationsResponse, ...errors },
      },
    },
    async (request) => ({ data: await shelvesService.locations(app.db, request.params.id) }),
  );

  r.post(
    '/branches/:id/locations',
    {
      schema: {
        ...common,
        summary: 'Create shelves in bulk: a zone, a range of racks, a range of shelves',
        params: ZBranchLocationsParams,
        body: ZCreateLocationsRequest,
        response: { 200: ZCreateLocationsResponse, ...errors },
      },
    },
    async (request) => ({ data: await shelvesService.createLocations(app.db, request.params.id, request.body, actorOf(request)) }),
  );

  r.patch(
    '/branches/:id/locations/:locationId',
    {
      schema: {
        ...common,
        summary: 'Deactivate a shelf (never deleted) or make it active again',
        params: ZLocationParams,
        body: ZUpdateLocationRequest,
        response: { 200: ZLocationResponse, ...errors },
      },
    },
    async (request) => ({
      data: await shelvesService.setActive(app.db, request.params.id, request.params.locationId, request.body.active, actorOf(request)),
    }),
  );
}
