import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCustomerDetailResponse,
  ZCustomerParams,
  ZFindCustomersQuery,
  ZFindCustomersResponse,
  ZFindParcelQuery,
  ZParcelDetailResponse,
  ZStaffSearchQuery,
  ZStaffSearchResponse,
} from '@portal/contract';
import { findService } from '../find-service';
import { staffGuard } from '../manage-access';
import { errors, security, tags, workContext } from './route-kit';

/** 7. Find a customer or a parcel and its history. Any staff, any place. */
export async function findRoutes(app: FastifyInstance) {
  app.addHook('preHandler', staffGuard(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/manage/search',
    {
      schema: {
        tags,
        summary:
          'One search box: tracking codes, phones (any KZ/KG form), client codes and names; customers and parcels grouped by kind, best match first',
        security,
        querystring: ZStaffSearchQuery,
        response: { 200: ZStaffSearchResponse, ...errors },
      },
    },
    async (request) => ({ data: await findService.search(app.db, request.query.q, workContext(request).lang) }),
  );

  r.get(
    '/manage/customers',
    {
      schema: {
        tags,
        summary: 'Find customers by phone number, client code or name',
        security,
        querystring: ZFindCustomersQuery,
        response: { 200: ZFindCustomersResponse, ...errors },
      },
    },
    async (request) => ({ data: await findService.customers(app.db, request.query.q, workContext(request).lang) }),
  );

  r.get(
    '/manage/customers/:id',
    {
      schema: {
        tags,
        summary: 'One customer with their latest parcels',
        security,
        params: ZCustomerParams,
        response: { 200: ZCustomerDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await findService.customer(app.db, request.params.id, workContext(request).lang) }),
  );

  r.get(
    '/manage/parcel',
    {
      schema: {
        tags,
        summary: 'One parcel by tracking code with its history (who, what, when, where from)',
        security,
        querystring: ZFindParcelQuery,
        response: { 200: ZParcelDetailResponse, ...errors },
      },
    },
    async (request) => {
      const { lang, user } = workContext(request);
      return { data: await findService.parcel(app.db, request.query.code, lang, user, app.uploads.urls) };
    },
  );
}
