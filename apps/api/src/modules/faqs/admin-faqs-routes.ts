import type { FastifyInstance } from 'fastify';
import { ZAdminFaqCreateRequest, ZAdminFaqResponse, ZAdminFaqsResponse, ZAdminFaqUpdateRequest } from '@portal/contract';
import { orderedContentRoutes } from '../admin/content-routes';
import { createAdminFaqsService } from './admin-faqs-service';

/** admin/faqs… (inside the admin area). */
export async function adminFaqsRoutes(app: FastifyInstance) {
  orderedContentRoutes(app, {
    path: 'faqs',
    noun: 'FAQ entry',
    schemas: { list: ZAdminFaqsResponse, item: ZAdminFaqResponse, create: ZAdminFaqCreateRequest, update: ZAdminFaqUpdateRequest },
    service: createAdminFaqsService({ db: app.db }),
  });
}
