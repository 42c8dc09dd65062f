import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminStatusesResponse, ZAdminStatusResponse, ZAdminStatusUpdateRequest, ZContentParams, ZErrorBody, ZOk } from '@portal/contract';
import { auditActorOf } from '../audit/audit';
import { createAdminStatusesService } from './admin-statuses-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['admin'];

/** admin/statuses… (inside the admin area): the names of the order statuses. */
export async function adminStatusesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminStatusesService({ db: app.db });

  r.get(
    '/statuses',
    {
      schema: {
        tags,
        summary: 'The order statuses in lifecycle order, with their names and parcel counts',
        security,
        response: { 200: ZAdminStatusesResponse, ...errors },
      },
    },
    async () => ({ data: await service.list() }),
  );

  r.put(
    '/statuses/:id',
    {
      schema: {
        tags,
        summary: 'Rename an order status in kk, ru and en (its code and place in the lifecycle never change; 409 on a stale version)',
        security,
        params: ZContentParams,
        body: ZAdminStatusUpdateRequest,
        response: { 200: ZAdminStatusResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.rename(auditActorOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/statuses/:id',
    {
      schema: {
        tags,
        summary: 'Refused: statuses are the lifecycle (409 status_locked with the parcels in it)',
        security,
        params: ZContentParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => service.remove(request.params.id),
  );
}
