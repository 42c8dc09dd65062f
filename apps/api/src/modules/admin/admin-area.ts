import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { auditRoutes } from '../audit/audit-routes';
import { adminBranchesRoutes } from '../branches/admin-branches-routes';
import { adminLocationsRoutes } from '../shelves/admin-locations-routes';
import { adminSlotRulesRoutes } from '../pickup-slots/admin-slot-rules-routes';
import { adminCountriesRoutes } from '../china-address/admin-countries-routes';
import { adminCountryCustomsRoutes } from '../countries/admin-country-customs-routes';
import { adminBroadcastsRoutes } from '../broadcasts/admin-broadcasts-routes';
import { adminSettingsRoutes } from '../settings/admin-settings-routes';
import { adminFaqsRoutes } from '../faqs/admin-faqs-routes';
import { adminLessonsRoutes } from '../lessons/admin-lessons-routes';
import { adminMarketplacesRoutes } from '../marketplaces/admin-marketplaces-routes';
import { adminPrintersRoutes } from '../labels/admin-printers-routes';
import { adminDutiesRoutes } from '../duties/admin-duties-routes';
import { adminDeliveryZonesRoutes } from '../door-delivery/admin-zones-routes';
import { adminPaymentProvidersRoutes } from '../online-payments/admin-payment-providers';
import { adminNewsRoutes } from '../news/admin-news-routes';
import { adminStatusesRoutes } from '../parcels/admin-statuses-routes';
import { adminProhibitedItemsRoutes } from '../prohibited-items/admin-prohibited-items-routes';
import { adminSupportsRoutes } from '../supports/admin-supports-routes';
import { adminUploadsRoutes } from '../uploads/admin-uploads-routes';
import { adminUsersRoutes } from '../users/admin-users-routes';

/**
 * Every admin call, registered under /api/admin. One guard for the whole area: signed in (401)
 * and an admin (403), checked on request, before the body is even read. Other modules add their
 * admin calls by adding their routes plugin to ADMIN_ROUTES (never their own guard).
 */
export const ADMIN_ROUTES: FastifyPluginAsync[] = [
  auditRoutes,
  adminUsersRoutes,
  // Places and settings (#11 share A): branches, site settings and logos.
  adminBranchesRoutes,
  // A branch's shelves (ADR 083).
  adminLocationsRoutes,
  // A branch's pickup slots by weekday (ADR 092).
  adminSlotRulesRoutes,
  adminSettingsRoutes,
  adminCountriesRoutes,
  // Which personal number each country's customs need before dispatch (ADR 084).
  adminCountryCustomsRoutes,
  // Online payments (ADR 077): each branch's providers and sealed credentials.
  adminPaymentProvidersRoutes,
  // Label printers per place (ADR 080).
  adminPrintersRoutes,
  // The duty-free limit's rules and the NBK exchange rates (ADR 087).
  adminDutiesRoutes,
  // Door delivery's zones per branch (ADR 094).
  adminDeliveryZonesRoutes,
  // Content (#11 share B): news, lessons, FAQ, prohibited items, marketplaces, status names, and their images.
  adminNewsRoutes,
  adminLessonsRoutes,
  adminFaqsRoutes,
  adminProhibitedItemsRoutes,
  adminMarketplacesRoutes,
  adminStatusesRoutes,
  adminUploadsRoutes,
  adminBroadcastsRoutes,
  // The support inbox (#11 share B).
  adminSupportsRoutes,
];

export async function adminArea(app: FastifyInstance) {
  app.addHook('onRequest', app.requireRole('admin'));
  for (const routes of ADMIN_ROUTES) await app.register(routes);
}
