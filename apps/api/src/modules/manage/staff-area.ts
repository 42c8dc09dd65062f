import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { IMPORT_MAX_BYTES, MAX_PARCEL_PHOTOS } from '@portal/contract';
import { bagArrivalRoutes } from '../bags/bag-arrival-routes';
import { bagsRoutes } from '../bags/bags-routes';
import { customsRoutes } from '../customs/customs-routes';
import { declarationsStaffRoutes } from '../declarations/declarations-routes';
import { claimsStaffRoutes } from '../claims/claims-staff-routes';
import { doorDeliveryStaffRoutes } from '../door-delivery/door-delivery-staff-routes';
import { labelsRoutes } from '../labels/labels-routes';
import { onlineBooksRoutes } from '../online-payments/online-books-routes';
import { shelvesRoutes } from '../shelves/shelves-routes';
import { weightsStaffRoutes } from '../weights/weights-staff-routes';
import { pickupSlotsStaffRoutes } from '../pickup-slots/pickup-slots-staff-routes';
import { parcels } from '../parcels/parcels-service';
import { arrivalRoutes } from './works/arrival-routes';
import { contextRoutes } from './works/context-routes';
import { correctionsRoutes } from './works/corrections-routes';
import { dispatchRoutes } from './works/dispatch-routes';
import { disputesRoutes } from './works/disputes-routes';
import { findRoutes } from './works/find-routes';
import { flightsRoutes } from './works/flights-routes';
import { handoverRoutes } from './works/handover-routes';
import { importRoutes } from './works/import-routes';
import { parcelPhotoRoutes } from './works/parcel-photos-routes';
import { receiveRoutes } from './works/receive-routes';
import { unclaimedRoutes } from './works/unclaimed-routes';

/**
 * The staff works at /manage, one routes plugin each, each in its own scope. A work's plugin declares its guard once
 * for all its routes (`app.addHook('preHandler', warehouseGuard(app))`, see manage-access.ts): signed in (401), staff
 * or admin (customers 403), and the place the work belongs to (403 otherwise). A new route added to a work is guarded
 * by being there; a new work is a new plugin in this list with its own guard. The money works (debts, the day's close)
 * live in payments/ and the reports in reports/, each with its own routes plugin.
 */
export const STAFF_WORKS: FastifyPluginAsync[] = [
  contextRoutes,
  receiveRoutes,
  importRoutes,
  unclaimedRoutes,
  disputesRoutes,
  dispatchRoutes,
  flightsRoutes,
  arrivalRoutes,
  // Bags (issue 35, ADR 082): packed, sealed and put on flights at the warehouse; arrived with one scan at the branch.
  bagsRoutes,
  bagArrivalRoutes,
  handoverRoutes,
  findRoutes,
  // Photos by kind (ADR 081): any staff reach the scope; the service narrows to parcels they may see and kinds of theirs.
  parcelPhotoRoutes,
  // Corrections and undo of a hand-over: guarded by the capability the kind needs (ADR 075).
  correctionsRoutes,
  // Online money's books (ADR 077): refunds through the provider (capability refunds), reconciliation's differences.
  onlineBooksRoutes,
  // Labels (ADR 080): any staff reach the scope; the service shows each place its own parcels and printers.
  labelsRoutes,
  // Shelves at the branch (ADR 083): the shelves module's work, guarded by the branch named in the body or query.
  shelvesRoutes,
  // Customs on flights (issue 36, ADR 085): the broker's manifest (capability exports) and holds, by place.
  customsRoutes,
  // Declarations at receipt (issue 36, ADR 086): the warehouse corrects the owner's item lines, a branch reads them.
  declarationsStaffRoutes,
  // Branch weighing (ADR 089): the weights module's work, guarded by the branch named in the body.
  weightsStaffRoutes,
  // Claims (issue 36, ADR 088): the claims module's work; branch staff their branch's claims, admins all.
  claimsStaffRoutes,
  // Pickup slots (issue 37, ADR 092): the prepared list, that branch's staff or an admin naming it.
  pickupSlotsStaffRoutes,
  // Door delivery (issue 37, ADR 094): that branch's staff (clerk and courier), admins naming it.
  doorDeliveryStaffRoutes,
];

export async function staffArea(app: FastifyInstance) {
  // Photos (receive) and spreadsheets (import) come as multipart; the per-call limits are tighter where they differ.
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_MAX_BYTES,
      files: MAX_PARCEL_PHOTOS,
      fields: 4,
      parts: MAX_PARCEL_PHOTOS + 4,
      fieldSize: 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
  app.uploads.registerReferences('parcels', parcels.photoReferences);
  for (const routes of STAFF_WORKS) await app.register(routes);
}
