import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ZAdminProhibitedItemCreateRequest,
  ZAdminProhibitedItemResponse,
  ZAdminProhibitedItemsResponse,
  ZAdminProhibitedItemUpdateRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { prohibitedItems } from '../../db/schema';
import { orderedContentRoutes } from '../admin/content-routes';
import { createAdminProhibitedItemsService } from './admin-prohibited-items-service';

/** Which of these icon URLs some prohibited item still shows (the uploads cleanup keeps those). */
export async function prohibitedIconReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db.select({ icon: prohibitedItems.icon }).from(prohibitedItems).where(inArray(prohibitedItems.icon, urls));
  return new Set(rows.map((r) => r.icon));
}

/** admin/prohibited-items… (inside the admin area). */
export async function adminProhibitedItemsRoutes(app: FastifyInstance) {
  app.uploads.registerReferences('prohibited-items', prohibitedIconReferences);
  orderedContentRoutes(app, {
    path: 'prohibited-items',
    noun: 'prohibited item',
    schemas: {
      list: ZAdminProhibitedItemsResponse,
      item: ZAdminProhibitedItemResponse,
      create: ZAdminProhibitedItemCreateRequest,
      update: ZAdminProhibitedItemUpdateRequest,
    },
    service: createAdminProhibitedItemsService({ db: app.db, uploads: app.uploads }),
  });
}
