import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ZAdminMarketplaceCreateRequest,
  ZAdminMarketplaceResponse,
  ZAdminMarketplacesResponse,
  ZAdminMarketplaceUpdateRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { marketplaces } from '../../db/schema';
import { orderedContentRoutes } from '../admin/content-routes';
import { createAdminMarketplacesService } from './admin-marketplaces-service';

/** Which of these logo URLs some marketplace still shows (the uploads cleanup keeps those). */
export async function marketplaceLogoReferences(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db.select({ logo: marketplaces.logo }).from(marketplaces).where(inArray(marketplaces.logo, urls));
  return new Set(rows.map((r) => r.logo));
}

/** admin/marketplaces… (inside the admin area). */
export async function adminMarketplacesRoutes(app: FastifyInstance) {
  app.uploads.registerReferences('marketplaces', marketplaceLogoReferences);
  orderedContentRoutes(app, {
    path: 'marketplaces',
    noun: 'marketplace',
    schemas: {
      list: ZAdminMarketplacesResponse,
      item: ZAdminMarketplaceResponse,
      create: ZAdminMarketplaceCreateRequest,
      update: ZAdminMarketplaceUpdateRequest,
    },
    service: createAdminMarketplacesService({ db: app.db, uploads: app.uploads }),
  });
}
