import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { auditRoutes } from '../audit/audit-routes';
import { adminPaymentsRoutes } from '../payments/payments-routes';
import { adminUsersRoutes } from '../users/admin-users-routes';

/**
 * Every admin call, registered under /api/admin. One guard for the whole area: signed in (401)
 * and an admin (403), checked on request, before the body is even read. Other modules add their
 * admin calls by adding their routes plugin to ADMIN_ROUTES (never their own guard).
 */
export const ADMIN_ROUTES: FastifyPluginAsync[] = [auditRoutes, adminUsersRoutes, adminPaymentsRoutes];

export async function adminArea(app: FastifyInstance) {
  app.addHook('onRequest', app.requireRole('admin'));
  for (const routes of ADMIN_ROUTES) await app.register(routes);
}
